import type { EChartsOption } from '@client/lib/echarts';
import type { AreaGroup, CountProjects, DashboardChart, DeviceGroup, RepairQualityPoint, RepairSpeedPoint, WaterGroup } from '@shared/contracts/stats';
import { areaOption, deviceOption, qualityOption, speedOption, statusOption, waterOption, type Ctx } from './chart-options';

/** What each of the dashboard's charts draws: the answer of its statistics call. */
export interface DashboardData {
  speed: RepairSpeedPoint[];
  quality: RepairQualityPoint[];
  status: CountProjects;
  area: AreaGroup[];
  water: WaterGroup[];
  device: DeviceGroup[];
}

const BUILDERS: { [K in DashboardChart]: (data: DashboardData[K], ctx: Ctx) => EChartsOption } = {
  speed: (data, ctx) => speedOption(data, ctx),
  quality: qualityOption,
  status: statusOption,
  area: areaOption,
  water: waterOption,
  device: deviceOption,
};

/**
 * A dashboard chart's option: the one declaration the page's live chart and the server's drawing
 * of it (ssr/dashboard-charts.ts) are both built from.
 */
export function dashboardOption<K extends DashboardChart>(name: K, data: DashboardData[K], ctx: Ctx): EChartsOption {
  return BUILDERS[name](data, ctx);
}
