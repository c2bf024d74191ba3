import { useEffect } from 'react';
import {
  Outlet,
  createHashRouter,
  matchRoutes,
  redirect,
  useLocation,
  useNavigation,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { CODE, FORBIDDEN_PATH, WALL_FRAME_ID } from '@shared/constants';
import { RESOURCES } from '@shared/resources';
import type { NavMenu } from '@shared/contracts/auth';
import { ApiError, setUnauthorizedHandler } from '../lib/api';
import { clearSession, getSession, getToken, sessionKind, visitorProjectId } from '../lib/session';
import { runtimeConfig } from '../lib/runtime-config';
import { currentLocale, loadLocale, localePartsFor } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { lazyScreen, ScreenLoading } from './lazy-screen';
import { progress } from './progress';
import { TopProgress } from './top-progress';
import { afterSessionEnded, decideNavigation, isUnderMain, loginTarget, visitorRedirect, type RouteHandle } from './navigation-check';
import { ensureMenus, flattenMenus, getMenus, menuRoutePath, menusLoaded, resetMenus } from './menu-store';
import { resetTabs } from './tabs-store';
import { startAnalytics, trackPageView } from '../lib/analytics';

// Mantine (theme, stylesheets, notifications) wraps every screen but the walls, loaded as a layout
// route: the walls draw without it (docs/decisions.md "Wall first load").
const MantineLayout = lazyScreen(() => import('./mantine-shell'), { plain: true });
const RouteErrorScreen = lazyScreen(() => import('./route-error').then((m) => ({ default: m.RouteError })), { plain: true });
const NotFoundPage = lazyScreen<{ inLayout?: boolean }>(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
const ForbiddenPage = lazyScreen(() => import('./forbidden-page').then((m) => ({ default: m.ForbiddenPage })));
const MenuRouteScreen = lazyScreen<{ path: string }>(() => import('./menu-screen').then((m) => ({ default: m.MenuRouteScreen })));
const PortalPage = lazyScreen(() => import('./portal-page'));
const MainLayout = lazyScreen(() => import('./main-layout'));
const PageLayout = lazyScreen(() => import('./page-layout'), { plain: true });
const LoginPage = lazyScreen(() => import('../features/auth/login-page'));
const Login2Page = lazyScreen(() => import('../features/auth/login2-page'));
const AccountPage = lazyScreen(() => import('../features/account/account-page'));
const TestPage = lazyScreen(() => import('../features/diagnostics/test-page'));
const DashboardPage = lazyScreen(() => import('../features/dashboard/dashboard-page'));
const StatisticsPrint = lazyScreen(() => import('../features/operations/statistics/statistics-print'));
const OverviewWall = lazyScreen(() => import('../features/wall/overview-wall'), { plain: true });
// The overview's charts and map load ECharts and Leaflet lazily; /page asks for them at once too.
const loadWallChart = () => import('../components/wall/wall-chart');
const loadWallMap = () => import('../components/wall/wall-map');
const loadWorldMap = () => import('../components/wall/world-map-data');
const loadSceneWall = () => import('../shared/scenes/scene-wall');
// The calls' query options are a chunk of their own (a few hundred bytes), kept out of the login's.
const loadOverviewData = () => import('../features/wall/overview-data');
const DetailWall = lazyScreen(() => import('../features/wall/detail-wall'), { plain: true });
const ModelView = lazyScreen(() => import('../features/wall/model-view'), { plain: true });
const ProjectWall = lazyScreen(() => import('../features/wall/project-wall'), { plain: true });
const DisplayEnded = lazyScreen(() => import('../features/wall/display-ended'), { plain: true });

/**
 * A route loader that loads a layout's chunk before the route renders: the router runs the loaders
 * of every matched route at once, so the layout, the screen and the navigation check load side by
 * side instead of one after the other as each lazy screen renders. Failures are left to the lazy
 * screen, which shows them with a Retry.
 */
const preload = (screen: { preload: () => Promise<void> }) => async () => {
  await screen.preload().catch(() => undefined);
  return null;
};

/**
 * /page (the overview wall): its chunks, ECharts and Leaflet included, and its data calls all start
 * as the router starts, side by side, instead of each waiting for the one before (chunks, then the
 * lazy chart and map chunks, then the calls once the wall has rendered). A scene named in the
 * address draws other cards, so then only the chunks are fetched. Under the server's first frame
 * ECharts, Leaflet and the base map wait: the frame's drawings stand in for the charts and the map
 * until a live one is wanted (useFrameHandover; the early start preloads them once a pointer moves).
 */
const startOverview = ({ request }: LoaderFunctionArgs) => {
  // wallFrameShown()'s own test: its module (components/wall/first-frame-dom) belongs to the wall's chunk.
  const framed = document.getElementById(WALL_FRAME_ID) !== null;
  if (!framed) for (const load of [loadWallChart, loadWallMap]) load().catch(() => undefined);
  const screen = OverviewWall.preload().catch(() => undefined).then(() => null);
  if (new URL(request.url).searchParams.get('scene')) {
    loadSceneWall().catch(() => undefined);
    return screen;
  }
  const token = getToken();
  // A project visitor is sent to their project's wall (the navigation check): the overview's calls would all be 403.
  if (token && sessionKind() !== 'visitor') loadOverviewData().then((m) => void m.prefetchOverview(queryClient, token), () => undefined);
  // The world base map (a static file) comes with the calls rather than once the map has mounted.
  if (!framed && !runtimeConfig().tileUrl) loadWorldMap().then((m) => queryClient.prefetchQuery(m.worldMapQueryOptions()), () => undefined);
  return screen;
};

const WALL_NEEDS_SESSION = { access: ['login'] } satisfies RouteHandle;

/** The id of the /main layout route, where menu routes are added. */
export const MAIN_ROUTE_ID = 'main';

/**
 * One child route of /main per menu of the user (spec §2): path = the menu url without its leading
 * slash; an external (http/https) url becomes `iframe/<menuId>`, i.e. /main/iframe/<menuId>.
 */
export function buildMenuRoutes(menus: NavMenu[]): RouteObject[] {
  const seen = new Set<string>();
  const routes: RouteObject[] = [];
  for (const menu of flattenMenus(menus)) {
    const path = menuRoutePath(menu);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    const handle: RouteHandle = { menuPath: `/main/${path}` };
    routes.push({ path, handle, element: <MenuRouteScreen path={`/main/${path}`} /> });
  }
  return routes;
}

/** Starts the top progress bar for every navigation, including loader work such as fetching menus. */
function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    progress.start();
    return () => progress.done();
  }, [busy]);
  // Usage analytics: every screen shown is a page view (sent only while analysis is on).
  const { pathname } = useLocation();
  useEffect(() => trackPageView(pathname), [pathname]);
  return (
    <>
      <TopProgress />
      <Outlet />
    </>
  );
}

function FirstLoad() {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  // A wall stays dark while it loads; the other screens show Mantine's loader.
  const wall = typeof window !== 'undefined' && window.location.hash.startsWith('#/page');
  return (
    <>
      <TopProgress />
      {!wall && <ScreenLoading />}
    </>
  );
}

type AppRouter = ReturnType<typeof createHashRouter>;
type PatchRoutesOnNavigation = NonNullable<NonNullable<Parameters<typeof createHashRouter>[1]>['patchRoutesOnNavigation']>;
export type RouterFactory = (routes: RouteObject[], opts: { patchRoutesOnNavigation: PatchRoutesOnNavigation }) => AppRouter;

/**
 * The app router (spec §2): hash history with base /, lazy screens, the navigation check before
 * every navigation, and the user's menu routes added under /main once after login.
 * Tests pass a memory-router factory.
 */
export function createAppRouter(factory: RouterFactory = (routes, opts) => createHashRouter(routes, opts)): AppRouter {
  let router: AppRouter | null = null;
  let patchedMenus: NavMenu[] | null = null;

  const patchMenuRoutes = (patch: (routeId: string, children: RouteObject[]) => void) => {
    const menus = getMenus();
    if (!menusLoaded() || patchedMenus === menus) return;
    patch(MAIN_ROUTE_ID, buildMenuRoutes(menus));
    patchedMenus = menus;
  };

  /** Runs before every navigation (the root loader always revalidates). */
  const navigationCheck = async ({ request }: LoaderFunctionArgs) => {
    const { pathname, search } = new URL(request.url);
    // The texts of the screen it goes to (a wall has fewer than the back-office); cached after once.
    await loadLocale(currentLocale(), localePartsFor(pathname)).catch(() => undefined);
    // A wall display has no back-office: /403, rather than the menus call's refusal. A project visitor
    // belongs on their project's wall: every route they cannot use sends them there, before any call
    // (the overview's panels each answered them 403).
    const kind = sessionKind();
    if (kind === 'visitor') {
      const to = visitorRedirect(pathname, visitorProjectId());
      if (to) throw redirect(to);
    }
    if (kind === 'display' && isUnderMain(pathname)) throw redirect(FORBIDDEN_PATH);
    if (getToken() && isUnderMain(pathname)) {
      try {
        await ensureMenus();
      } catch (error) {
        if (error instanceof ApiError && error.code === CODE.unauthorized) throw redirect(loginTarget(pathname, search));
        throw error;
      }
      patchMenuRoutes((id, children) => router?.patchRoutes(id, children));
    }
    // The very first check can run while the factory is still creating the router.
    const matches = matchRoutes(router?.routes ?? routes, pathname) ?? [];
    const decision = decideNavigation({
      pathname,
      search,
      access: getSession().access,
      whitelist: runtimeConfig().whitelist,
      handles: matches.map((m) => m.route.handle as RouteHandle | undefined),
      menus: getMenus(),
    });
    if (decision.action === 'pass') return null;
    if (decision.action === 'login' && decision.logout) {
      clearSession();
      resetMenus();
    }
    throw redirect(decision.to);
  };

  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RootLayout />,
      loader: navigationCheck,
      shouldRevalidate: () => true,
      hydrateFallbackElement: <FirstLoad />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          element: <MantineLayout />,
          loader: preload(MantineLayout),
          children: [
            { path: 'login', element: <LoginPage /> },
            { path: 'login2/:projectId?', element: <Login2Page /> },
            { index: true, element: <PortalPage /> },
            { path: 'test', element: <TestPage /> },
            {
              id: MAIN_ROUTE_ID,
              path: 'main',
              element: <MainLayout />,
              children: [
                { index: true, element: <DashboardPage /> },
                { path: 'account', element: <AccountPage />, handle: { access: ['login'] } satisfies RouteHandle },
                { path: '*', element: <NotFoundPage inLayout />, handle: { unknownMain: true } satisfies RouteHandle },
              ],
            },
            // The statistics screen's printable report: outside the layout (nothing but the A4 pages), same session.
            { path: 'print/stats', element: <StatisticsPrint />, handle: { access: ['login', `can:${RESOURCES.statistics.code}#list`] } satisfies RouteHandle },
            { path: '403', element: <ForbiddenPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          path: 'page',
          element: <PageLayout />,
          loader: preload(PageLayout),
          children: [
            // The overview, the detail wall and drawings need a session (user, display or visitor): without
            // one the navigation check sends to login before any call is made. A project wall may be public.
            { index: true, element: <OverviewWall />, loader: startOverview, handle: WALL_NEEDS_SESSION },
            { path: 'detail', element: <DetailWall />, handle: WALL_NEEDS_SESSION },
            { path: 'model/:id/:i', element: <ModelView />, handle: WALL_NEEDS_SESSION },
            { path: 'project/:id', element: <ProjectWall /> },
            { path: 'ended', element: <DisplayEnded /> },
          ],
        },
      ],
    },
  ];

  startAnalytics();
  router = factory(routes, {
    // A /main path that only the catch-all matches may be a menu route not added yet: load the
    // menus first, then let the router match again.
    patchRoutesOnNavigation: async ({ path, patch, signal }) => {
      // Only a user has menus: a display or a visitor is turned away by the navigation check, without asking.
      if (!getToken() || sessionKind() !== 'user' || !isUnderMain(path.split('?')[0])) return;
      try {
        await ensureMenus();
      } catch {
        // The navigation check asks again and turns the failure into login or an error screen.
        return;
      }
      if (!signal.aborted) patchMenuRoutes(patch);
    },
  });

  const appRouter = router;
  // Spec §4/§8: a 401 from any call has cleared the session; forget the menus and tabs and go to login
  // (a wall display to its notice, a project visitor to the project's password form).
  setUnauthorizedHandler((ended) => {
    resetMenus();
    resetTabs();
    const { pathname, search } = appRouter.state.location;
    const to = afterSessionEnded(ended, pathname, search);
    if (to) void appRouter.navigate(to, { replace: true });
  });
  return appRouter;
}
