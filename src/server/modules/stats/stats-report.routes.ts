import type { AppInstance } from '../../app-instance';
import { sql } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { envelopeOf } from '@shared/contracts/common';
import { statExportSchema, statReportQuerySchema, statReportSchema, type StatReport } from '@shared/contracts/stats-report';
import { RESOURCES } from '@shared/resources';
import { DEVICE_CATEGORY, ORDER_PRIORITY, ORDER_SOURCE, ORDER_STATUS, WARNING_RESULT } from '@shared/dictionaries';
import { ok } from '../../lib/crud';
import { exportLabels, pagedBatches, sendWorkbook } from '../../lib/export';
import { fileAnswer } from '../../lib/answers';
import { ReliabilityRepository } from './reliability.repository';
import { PartsCostRepository } from './parts-cost.repository';

const workbookAnswer = fileAnswer('the statistics view as a workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
import { StatsReportRepository, type ReportRange } from './stats-report.repository';
import { inDays, projectPlace, unitCategory, type SlaHours } from './stat-filters.service';
import { assertInScope, scopeCondition, scopeOf } from '../../lib/data-scope';
import type { FastifyRequest } from 'fastify';

/** The query with the caller's data scope; a project filter outside it is refused (403). */
function scoped(request: FastifyRequest, q: ReportRange): ReportRange & { scope: ReturnType<typeof scopeOf> } {
  assertInScope(request, q.projectId);
  return { ...q, scope: scopeOf(request) };
}

const BASE = RESOURCES.statistics.api;
const CODE = RESOURCES.statistics.code;

/** The export's sheet and column names, in the caller's language. */
const LABELS: Record<Locale, Record<string, string>> = {
  cn: {
    ordersChart: '工单提交与完成', speedChart: '修复时长', qualityChart: '维修质量', warnings: '告警按级别', boards: '告警最多的检测板', equipment: '设备状态按类别',
    orders: '工单明细', warningRows: '告警明细', downUnits: '故障与离线设备明细',
    at: '告警时间', level: '级别', info_: '告警内容', result: '处理结果', unit: '设备', state: '状态', since: '状态起始',
    period: '周期', from: '开始日', to: '结束日', submitted: '提交数', completed: '完成数', avgHours: '平均时长(小时)', medianHours: '中位时长(小时)',
    p90Hours: 'P90时长(小时)', firstTimeFix: '一次修复数', firstTimeFixRate: '一次修复率', withEquipment: '关联设备的完成数', repeat30d: '30天返修数',
    repeatRate30d: '30天返修率', onTime: '按时完成数', onTimeRate: '按时率', info: '提示', warning: '警告', critical: '严重', total: '合计',
    board: '检测板', project: '项目', count: '告警数', category: '设备类别', broken: '故障', offline: '离线', available: '可用', availability: '可用率',
    number: '工单号', name: '名称', priority: '优先级', status: '状态', submittedAt: '提交时间', completedAt: '完成时间', hours: '时长(小时)', reportCount: '报告数',
    all: '全部（本期）', previous: '上一期',
    bySource: '工单按来源', source: '来源', predictedSheet: '预测到的故障', faults: '通道故障数', predicted: '事先有预防性工单', rate: '预测率',
    relUnits: '可靠性按设备', relModels: '可靠性按型号', relProjects: '可靠性按项目', model: '设备型号', units: '设备数', basis: '演出时段来源',
    showHours: '演出小时', downtimeHours: '停机小时', downtimeShowHours: '演出中停机小时', episodes: '停机次数', repeat7d: '7天内重复故障', repeat30dFaults: '30天内重复故障',
    mttrHours: 'MTTR(小时)', mtbfHours: 'MTBF(演出小时)', basis_calendar: '运营日历', basis_daily: '每日演出时间', basis_allHours: '全部小时(无日历)', noModel: '无型号',
    partsByOrder: '备件成本按工单', partsByUnit: '备件成本按设备', partsByMonth: '备件成本按月', partsMoves: '备件领用明细', cost: '备件成本', quantity: '数量', moves: '领用记录数',
    month: '月份', part: '备件', partNo: '备件编号', store: '仓库', unitCost: '单价', ordersCount: '工单数', noUnit: '无设备', movedAt: '领用时间',
  },
  en: {
    ordersChart: 'Orders submitted, completed', speedChart: 'Repair time', qualityChart: 'Repair quality', warnings: 'Warnings by level', boards: 'Boards with most warnings', equipment: 'Equipment by category',
    orders: 'Order rows', warningRows: 'Warning rows', downUnits: 'Broken and offline units',
    at: 'Raised at', level: 'Level', info_: 'Warning', result: 'Result', unit: 'Unit', state: 'State', since: 'Since',
    period: 'Period', from: 'First day', to: 'Last day', submitted: 'Submitted', completed: 'Completed', avgHours: 'Mean hours', medianHours: 'Median hours',
    p90Hours: 'P90 hours', firstTimeFix: 'First-time fixes', firstTimeFixRate: 'First-time fix rate', withEquipment: 'Completed on a unit', repeat30d: '30-day repeats',
    repeatRate30d: '30-day repeat rate', onTime: 'On time', onTimeRate: 'On-time rate', info: 'Info', warning: 'Warning', critical: 'Critical', total: 'Total',
    board: 'Board', project: 'Project', count: 'Warnings', category: 'Category', broken: 'Broken', offline: 'Offline', available: 'Available', availability: 'Availability',
    number: 'Order no.', name: 'Name', priority: 'Priority', status: 'Status', submittedAt: 'Submitted at', completedAt: 'Completed at', hours: 'Hours', reportCount: 'Reports',
    all: 'All (this period)', previous: 'Previous period',
    bySource: 'Orders by source', source: 'Source', predictedSheet: 'Faults predicted', faults: 'Channel faults', predicted: 'With a preventive order before', rate: 'Predicted rate',
    relUnits: 'Reliability by unit', relModels: 'Reliability by model', relProjects: 'Reliability by project', model: 'Device model', units: 'Units', basis: 'Show hours from',
    showHours: 'Show hours', downtimeHours: 'Downtime hours', downtimeShowHours: 'Downtime in show hours', episodes: 'Downtime episodes', repeat7d: 'Repeats within 7 days', repeat30dFaults: 'Repeats within 30 days',
    mttrHours: 'MTTR (hours)', mtbfHours: 'MTBF (show hours)', basis_calendar: 'Operating calendar', basis_daily: 'Daily show time', basis_allHours: 'All hours (no calendar)', noModel: 'No model',
    partsByOrder: 'Parts cost by order', partsByUnit: 'Parts cost by unit', partsByMonth: 'Parts cost by month', partsMoves: 'Parts issued', cost: 'Parts cost', quantity: 'Quantity', moves: 'Issue moves',
    month: 'Month', part: 'Part', partNo: 'Part number', store: 'Store', unitCost: 'Unit cost', ordersCount: 'Orders', noUnit: 'No unit', movedAt: 'Issued at',
  },
};

const PERIOD = ['period', 'from', 'to'];
const ORDERS_CHART = [...PERIOD, 'submitted', 'completed'];
const SPEED_CHART = [...PERIOD, 'completed', 'avgHours', 'medianHours', 'p90Hours'];
const QUALITY_CHART = [...PERIOD, 'completed', 'firstTimeFix', 'firstTimeFixRate', 'withEquipment', 'repeat30d', 'repeatRate30d', 'onTime', 'onTimeRate'];
/** Rows each row sheet holds at most. */
const EXPORT_ROWS_MAX = 100_000;

/** One batch of rows for a sheet built in memory (a chart's few dozen rows). */
const once = (rows: Record<string, unknown>[]) => async function* () {
  yield rows;
};

/**
 * The statistics screen (fall/stats): the figures of one range with filters and the previous range
 * (report), and the same view as an xlsx workbook (export). Both only read.
 */
export async function statsReportRoutes(app: AppInstance): Promise<void> {
  const repo = new StatsReportRepository(app.database);
  const reliability = new ReliabilityRepository(app.database);
  const partsCost = new PartsCostRepository(app.database);

  async function sla(): Promise<SlaHours> {
    const [low, normal, high, urgent] = await Promise.all(
      (['low', 'normal', 'high', 'urgent'] as const).map((p) => app.settings.get(`sla.hours.${p}`)),
    );
    return { low, normal, high, urgent };
  }

  app.post(`${BASE}/figures`, { schema: { body: statReportQuerySchema, response: { 200: envelopeOf(statReportSchema) } }, config: { permission: `${CODE}#list`, log: false as const } }, async (request) =>
    ok(await repo.report(scoped(request, request.body), await sla())),
  );

  app.post(`${BASE}/export`, { schema: { body: statExportSchema, response: { 200: workbookAnswer } }, config: { permission: `${CODE}#export` } }, async (request, reply) => {
    const q = scoped(request, request.body);
    const L = LABELS[request.locale ?? 'cn'];
    const report: StatReport = await repo.report(q, await sla());
    const own = (col: ReturnType<typeof sql>) => {
      const c = scopeCondition(q.scope, col);
      return c ? sql`AND ${c}` : sql``;
    };
    const orderLabels = await exportLabels(app.database, { priority: ORDER_PRIORITY, status: ORDER_STATUS, source: ORDER_SOURCE });
    // An open warning has no result yet; the list shows it as open.
    const warningLabels = await exportLabels(app.database, { result: [...WARNING_RESULT, { value: 'open', cn: '未处理', en: 'Open' }] });
    const cols = (props: string[]) => props.map((prop) => ({ prop, label: L[prop] ?? prop }));
    const r = report.repair;
    const repairRows = [
      ...r.periods,
      { period: L.all, from: report.from, to: report.to, ...r.totals },
      { period: L.previous, from: report.previous.from, to: report.previous.to, ...r.previousTotals },
    ];
    const warningRows = [
      ...report.warnings.periods.map((p) => ({ period: p.period, from: p.from, to: p.to, ...p.byLevel, total: p.byLevel.info + p.byLevel.warning + p.byLevel.critical })),
      { period: L.all, from: report.from, to: report.to, ...report.warnings.byLevel, total: report.warnings.total },
      { period: L.previous, from: report.previous.from, to: report.previous.to, ...report.warnings.previous.byLevel, total: report.warnings.previous.total },
    ];
    const en = request.locale === 'en';
    const unitName = en ? sql`coalesce(nullif(e.name_en, ''), e.name)` : sql`e.name`;
    const categoryName = (c: unknown) => DEVICE_CATEGORY.find((d) => d.value === c)?.[en ? 'en' : 'cn'] ?? String(c);
    const boardRows = report.warnings.boards.map((b) => ({
      board: en && b.nameEn ? b.nameEn : b.name,
      project: en && b.projectNameEn ? b.projectNameEn : b.projectName,
      count: b.count,
    }));
    const equipmentRows = [
      ...report.equipment.byCategory.map((c) => ({ ...c, category: categoryName(c.category), availability: c.total ? Number((c.available / c.total).toFixed(4)) : null })),
      { category: L.total, total: report.equipment.total, broken: report.equipment.broken, offline: report.equipment.offline, available: report.equipment.available, availability: report.equipment.availability },
    ];
    // The orders behind the repair figures: submitted or completed in the range, under the same filters.
    const where = sql`(${inDays(sql`o.submitted_at`, q.from, q.to)} OR ${inDays(sql`o.completed_at`, q.from, q.to)})
      ${q.projectId ? sql`AND o.project_id = ${q.projectId}` : sql``} ${own(sql`o.project_id`)}
      ${q.area || q.country ? sql`AND ${projectPlace(sql`o.project_id`, q)}` : sql``}
      ${q.category ? sql`AND ${unitCategory(sql`o.equipment_id`, q.category)}` : sql``}`;
    const orderPage = async (limit: number, offset: number) => {
      const res = await app.database.db.execute(sql`
        SELECT o.number, o.name, ${en ? sql`coalesce(nullif(p.name_en, ''), p.name)` : sql`p.name`} AS project, o.priority, o.status, o.source,
               o.submitted_at AS "submittedAt", o.completed_at AS "completedAt",
               round((extract(epoch FROM o.completed_at - o.submitted_at) / 3600.0)::numeric, 2)::float8 AS hours, o.report_count AS "reportCount"
          FROM fall_order o JOIN fall_project p ON p.id = o.project_id
         WHERE ${where}
         ORDER BY o.submitted_at, o.id
         LIMIT ${limit} OFFSET ${offset}`);
      return (res.rows as Record<string, unknown>[]).map((row) => ({
        ...row,
        submittedAt: row.submittedAt ? new Date(row.submittedAt as string) : null,
        completedAt: row.completedAt ? new Date(row.completedAt as string) : null,
      }));
    };
    // The warnings behind the warning charts, and the units behind the broken and availability figures.
    const warningWhere = sql`${inDays(sql`w.at`, q.from, q.to)}
      ${q.projectId ? sql`AND w.project_id = ${q.projectId}` : sql``} ${own(sql`w.project_id`)}
      ${q.area || q.country ? sql`AND ${projectPlace(sql`w.project_id`, q)}` : sql``}
      ${q.category ? sql`AND ${unitCategory(sql`w.equipment_id`, q.category)}` : sql``}`;
    const levelName = (l: unknown) => L[String(l)] ?? String(l);
    const warningPage = async (limit: number, offset: number) => {
      const res = await app.database.db.execute(sql`
        SELECT w.at, w.level, w.info AS info_, ${en ? sql`coalesce(nullif(b.board_name_en, ''), b.board_name)` : sql`b.board_name`} AS board,
               ${en ? sql`coalesce(nullif(p.name_en, ''), p.name)` : sql`p.name`} AS project, ${unitName} AS unit, w.result
          FROM fall_warning w JOIN fall_project p ON p.id = w.project_id
          LEFT JOIN fall_detect b ON b.id = w.detect_id LEFT JOIN fall_eq_info e ON e.id = w.equipment_id
         WHERE ${warningWhere}
         ORDER BY w.at, w.id
         LIMIT ${limit} OFFSET ${offset}`);
      return (res.rows as Record<string, unknown>[]).map((row) => ({ ...row, at: new Date(row.at as string), level: levelName(row.level), result: row.result ?? 'open' }));
    };
    const unitPage = async (limit: number, offset: number) => {
      const res = await app.database.db.execute(sql`
        SELECT ${unitName} AS unit, ${en ? sql`coalesce(nullif(p.name_en, ''), p.name)` : sql`p.name`} AS project, coalesce(d.category, 'other') AS category,
               e.state, e.state_since AS since
          FROM fall_eq_info e JOIN fall_project p ON p.id = e.project_id LEFT JOIN fall_device d ON d.id = e.device_id
         WHERE e.archived_at IS NULL AND e.state IN ('broken', 'offline')
           ${q.projectId ? sql`AND e.project_id = ${q.projectId}` : sql``} ${own(sql`e.project_id`)}
           ${q.area ? sql`AND p.area = ${q.area}` : sql``}
           ${q.country ? sql`AND p.country = ${q.country}` : sql``}
           ${q.category ? sql`AND coalesce(d.category, 'other') = ${q.category}` : sql``}
         ORDER BY e.state_since, e.id
         LIMIT ${limit} OFFSET ${offset}`);
      return (res.rows as Record<string, unknown>[]).map((row) => ({ ...row, since: new Date(row.since as string), state: L[String(row.state)] ?? row.state, category: categoryName(row.category) }));
    };
    // Reliability (issue 39): the range, the project and the caller's scope (area, country and category do not narrow it).
    const rel = await reliability.reliability({ from: q.from, to: q.to, projectId: q.projectId, scope: q.scope });
    const hoursOf = (v: number | null) => (v === null ? null : Number((v / 3_600_000).toFixed(2)));
    const relRow = (f: (typeof rel.units)[number] | (typeof rel.models)[number] | (typeof rel.projects)[number]) => ({
      showHours: hoursOf(f.showMs), downtimeHours: hoursOf(f.downtimeMs), downtimeShowHours: hoursOf(f.downtimeShowMs), episodes: f.episodes,
      availability: f.availability === null ? null : Number(f.availability.toFixed(4)), mttrHours: hoursOf(f.mttrMs), mtbfHours: hoursOf(f.mtbfMs),
      faults: f.faults, repeat7d: f.repeat7d, repeat30dFaults: f.repeat30d,
    });
    const named = (name: string, nameEn: string) => (en && nameEn ? nameEn : name);
    const projectNames = new Map(rel.projects.map((p) => [p.projectId, named(p.name, p.nameEn)]));
    const modelNames = new Map(rel.models.map((m) => [m.deviceId, m.deviceId === null ? L.noModel : named(m.name, m.nameEn)]));
    const REL = ['showHours', 'downtimeHours', 'downtimeShowHours', 'episodes', 'availability', 'mttrHours', 'mtbfHours', 'faults', 'repeat7d', 'repeat30dFaults'];
    const relUnitRows = rel.units.map((u) => ({ unit: named(u.name, u.nameEn), project: projectNames.get(u.projectId), model: modelNames.get(u.deviceId), basis: L[`basis_${u.basis}`], ...relRow(u) }));
    const relModelRows = rel.models.map((m) => ({ model: modelNames.get(m.deviceId), units: m.units, ...relRow(m) }));
    const relProjectRows = rel.projects.map((p) => ({ project: projectNames.get(p.projectId), basis: L[`basis_${p.basis}`], units: p.units, ...relRow(p) }));
    // Parts cost (issue 39): the range, the project and the caller's scope, as the screen's card counts it.
    const parts = await partsCost.partsCost({ from: q.from, to: q.to, projectId: q.projectId, scope: q.scope });
    const partMoves = await partsCost.moves({ from: q.from, to: q.to, projectId: q.projectId, scope: q.scope });
    const projectName = new Map(parts.units.map((u) => [u.projectId, named(u.projectName, u.projectNameEn)]));
    const partsOrderRows = parts.orders.map((o) => ({ number: o.number, name: o.name, unit: o.equipmentId === null ? L.noUnit : named(o.equipmentName, o.equipmentNameEn), project: projectName.get(o.projectId), cost: o.cost, quantity: o.quantity, moves: o.moves }));
    const partsUnitRows = parts.units.map((u) => ({ unit: u.equipmentId === null ? L.noUnit : named(u.name, u.nameEn), project: named(u.projectName, u.projectNameEn), ordersCount: u.orders, cost: u.cost, quantity: u.quantity, moves: u.moves }));
    const partsMonthRows = [...parts.months.map((m) => ({ month: m.month, cost: m.cost, quantity: m.quantity, moves: m.moves })), { month: L.total, cost: parts.totals.cost, quantity: parts.totals.quantity, moves: parts.totals.moves }];
    const partsMoveRows = partMoves.map((m) => ({ movedAt: new Date(m.at), number: m.orderNumber, part: m.partName, partNo: m.partNo, store: named(m.storeName, m.storeNameEn), quantity: -m.quantity, unitCost: m.unitCost, cost: m.cost }));
    return sendWorkbook(reply, {
      name: 'statistics',
      sheets: [
        { name: L.ordersChart, columns: cols(ORDERS_CHART), batches: once(repairRows) },
        { name: L.speedChart, columns: cols(SPEED_CHART), batches: once(repairRows) },
        { name: L.qualityChart, columns: cols(QUALITY_CHART), batches: once(repairRows) },
        { name: L.warnings, columns: cols(['period', 'from', 'to', 'info', 'warning', 'critical', 'total']), batches: once(warningRows) },
        { name: L.boards, columns: cols(['board', 'project', 'count']), batches: once(boardRows) },
        { name: L.equipment, columns: cols(['category', 'total', 'broken', 'offline', 'available', 'availability']), batches: once(equipmentRows) },
        { name: L.bySource, columns: cols(['source', 'submitted', 'completed']), batches: once(r.bySource), labels: orderLabels },
        { name: L.predictedSheet, columns: cols(['period', 'from', 'to', 'faults', 'predicted', 'rate']), batches: once([{ period: L.all, from: report.from, to: report.to, ...report.predicted }]) },
        { name: L.orders, columns: cols(['number', 'name', 'project', 'priority', 'status', 'source', 'submittedAt', 'completedAt', 'hours', 'reportCount']), batches: pagedBatches(EXPORT_ROWS_MAX, orderPage), labels: orderLabels },
        { name: L.warningRows, columns: cols(['at', 'level', 'info_', 'board', 'project', 'unit', 'result']), batches: pagedBatches(EXPORT_ROWS_MAX, warningPage), labels: warningLabels },
        { name: L.downUnits, columns: cols(['unit', 'project', 'category', 'state', 'since']), batches: pagedBatches(EXPORT_ROWS_MAX, unitPage) },
        { name: L.relUnits, columns: cols(['unit', 'project', 'model', 'basis', ...REL]), batches: once(relUnitRows) },
        { name: L.relModels, columns: cols(['model', 'units', ...REL]), batches: once(relModelRows) },
        { name: L.relProjects, columns: cols(['project', 'basis', 'units', ...REL]), batches: once(relProjectRows) },
        { name: L.partsByOrder, columns: cols(['number', 'name', 'unit', 'project', 'cost', 'quantity', 'moves']), batches: once(partsOrderRows) },
        { name: L.partsByUnit, columns: cols(['unit', 'project', 'ordersCount', 'cost', 'quantity', 'moves']), batches: once(partsUnitRows) },
        { name: L.partsByMonth, columns: cols(['month', 'cost', 'quantity', 'moves']), batches: once(partsMonthRows) },
        { name: L.partsMoves, columns: cols(['movedAt', 'number', 'part', 'partNo', 'store', 'quantity', 'unitCost', 'cost']), batches: once(partsMoveRows) },
      ],
    });
  });
}
