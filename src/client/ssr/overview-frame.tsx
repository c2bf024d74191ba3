/**
 * The overview wall's first frame, drawn on the server (src/server/modules/wall/frame.routes.ts)
 * from the wall's own components, query hooks and calls: the calls go to the server itself through
 * `fetch`, the charts are drawn by ECharts as SVG and the map as SVG in Leaflet's view. Built by
 * `npm run build` into dist/ssr (vite.config.ts `firstFrameRenderer`). See components/wall/first-frame.ts.
 */
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Locale } from '@shared/constants';
import i18n, { loadLocale } from '@client/lib/i18n';
import { setApiFetch } from '@client/lib/api';
import { setServerRuntimeConfig, type RuntimeConfig } from '@client/lib/runtime-config';
import { FrameDrawContext, type FrameDraw } from '@client/components/wall/first-frame';
import { unwrapAntimeridian } from '@client/components/wall/world-map-data';
import { prefetchOverview } from '@client/features/wall/overview-data';
import { OVERVIEW_BOX, OverviewPanels } from '@client/features/wall/overview-wall';
import { panelBodySize } from '@client/components/wall/panel';
import { chartSvg, warmUpCharts } from './chart-svg';
import { mapSvg } from './map-svg';

// The dashboard's charts come from the same renderer (one ECharts on the server, loaded once).
export { renderDashboardCharts } from './dashboard-charts';

export interface FrameInput {
  language: Locale;
  /** Sends one of the wall's calls to the server itself, as the viewer (their token, their rights). */
  fetch: typeof fetch;
  /** What /config.js says (the system title, the refresh interval). */
  config: Partial<RuntimeConfig>;
  /** The bundled world base map (public/geo, TopoJSON). */
  worldTopology: unknown;
}

// The language, the calls' transport and the configuration are the client's module state: one
// frame at a time.
let queue: Promise<unknown> = Promise.resolve();

/** The wall's markup with every panel drawn, or null when one of its calls failed (the app shows why). */
export function renderOverviewFrame(input: FrameInput): Promise<string | null> {
  const run = queue.then(() => render(input));
  queue = run.catch(() => undefined);
  return run;
}

let read: { topology: unknown; features: FeatureCollection } | null = null;
/** The base map as the client reads it (world-map-data.ts), once per topology. */
function worldOf(topology: unknown): FeatureCollection {
  if (read && read.topology === topology) return read.features;
  const topo = topology as Topology<{ countries: GeometryCollection }>;
  read = { topology, features: unwrapAntimeridian(feature(topo, topo.objects.countries) as FeatureCollection) };
  return read.features;
}

async function render({ language, fetch, config, worldTopology }: FrameInput): Promise<string | null> {
  const world = worldOf(worldTopology);
  setApiFetch(fetch);
  setServerRuntimeConfig(config);
  await loadLocale(language, ['core', 'wall']);
  await i18n.changeLanguage(language);
  dayjs.locale(language === 'cn' ? 'zh-cn' : 'en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
  await prefetchOverview(queryClient, null);
  if (queryClient.getQueryCache().getAll().some((q) => q.state.status !== 'success')) return null;
  const draw: FrameDraw = { chart: chartSvg, map: (points, width, height, urgency) => mapSvg(world, points, width, height, urgency) };
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/page']}>
        <FrameDrawContext.Provider value={draw}>
          <OverviewPanels />
        </FrameDrawContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return html;
}

/**
 * What the first frame after a start would do for the first time (about 1 s of it on a busy
 * machine): the texts of both languages, the base map read and drawn at the map's size, a few charts.
 */
export async function warmUp(worldTopology: unknown): Promise<void> {
  await Promise.all([loadLocale('cn', ['core', 'wall']), loadLocale('en', ['core', 'wall'])]);
  const size = panelBodySize(OVERVIEW_BOX.map, 0);
  mapSvg(worldOf(worldTopology), [], size.width, size.height, []);
  warmUpCharts();
}
