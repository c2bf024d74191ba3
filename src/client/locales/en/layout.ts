import type { LocaleShape } from '../types';
import type cn from '../cn/layout';

const layout: LocaleShape<typeof cn> = {
  home: 'Home',
  mainNav: 'Main navigation',
  more: 'More',
  toggleNav: 'Fold or unfold the sidebar',
  navbarTop: 'Menus at the top',
  navbarSide: 'Menus at the side',
  darkSkin: 'Dark skin',
  lightSkin: 'Light skin',
  userMenu: 'User menu',
  account: 'Personal information',
  logout: 'Log out',
  loggedOut: 'You have logged out',
  sessionExpired: 'Your session has expired, please log in again',
  tabs: { label: 'Open screens', close: 'Close {{title}}' },
  progress: 'Page loading progress',
  loadingScreen: 'Loading the screen...',
  chunk: {
    failed: 'The screen could not be loaded',
    timeout: 'The screen took too long to load',
    hint: 'The network may be unstable, or the system was just updated. Please try again.',
    retry: 'Retry',
  },
  routeError: { title: 'Something went wrong', text: 'The page ran into an unexpected error.', reload: 'Reload' },
  forbidden: {
    title: 'Access denied',
    text: 'Your account may not open this page. Ask an administrator if you need it.',
    home: 'Back to home',
    back: 'Go back',
  },
  notFound: { title: 'Page not found', text: 'This address does not exist; it may have moved or been removed.', home: 'Back to home' },
  portal: {
    tagline: 'Operations and management for fountain and waterfall installations',
    backOffice: { title: 'Back-office', text: 'Projects, equipment, orders, reports and administration' },
    overview: { title: 'Overview wall', text: 'Live map and figures of every project' },
    detail: { title: 'Statistics wall', text: 'Repair speed, quality and equipment groups' },
    test: { title: 'Diagnostics', text: 'API health, live connection and version' },
    open: 'Open',
  },
  iframeTitle: '{{name}} (external page)',
};
export default layout;
