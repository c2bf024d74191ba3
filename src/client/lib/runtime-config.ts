import { AUTH_HEADER } from '@shared/constants';
/** Runtime configuration (spec §3), set by /config.js on a global object before the app starts. */
export interface RuntimeConfig {
  apiHost: string;
  /** The header the session token travels in (spec §7: configurable; the server's AUTH_HEADER). */
  authHeader: string;
  title: string;
  /** The title in English (setting system.titleEn); empty = `title`. */
  titleEn: string;
  microservice: string;
  whitelist: string[];
  loginRedirect: string;
  downloadUrl: string;
  demo: boolean;
  captcha: boolean;
  version: string;
  /** Map tile URL template for the walls; empty = the bundled offline world map only. */
  tileUrl: string;
  /** How often wall panels refresh (setting wall.refreshSeconds). */
  wallRefreshSeconds: number;
  /** Usage analytics on (setting analytics.enabled, as of the page's load): the tracker sends only then. */
  analytics: boolean;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const DEFAULTS: RuntimeConfig = {
  apiHost: '/api',
  authHeader: AUTH_HEADER,
  title: '',
  titleEn: '',
  microservice: '',
  whitelist: ['/login', '/403', '/404', '/test', '/page'],
  loginRedirect: '/main',
  downloadUrl: '/api/oss/file/download',
  demo: false,
  captcha: true,
  version: '',
  tileUrl: '',
  wallRefreshSeconds: 30,
  analytics: false,
};

/** What /config.js would say, while the server draws a wall's first frame (there is no window there). */
let serverSide: Partial<RuntimeConfig> = {};
export function setServerRuntimeConfig(config: Partial<RuntimeConfig>): void {
  serverSide = config;
}

export function runtimeConfig(): RuntimeConfig {
  return { ...DEFAULTS, ...(typeof window !== 'undefined' ? window.__APP_CONFIG__ : serverSide) };
}

/** The system title in the reader's language; empty when the server set none. */
export function systemTitle(language: string): string {
  const { title, titleEn } = runtimeConfig();
  return language === 'en' ? titleEn || title : title;
}
