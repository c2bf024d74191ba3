/**
 * A browser's user-agent string read as people say it: "Chrome 142 · Windows 10/11". Lists of sessions
 * and sign-ins show this; the whole string stays available in a tooltip.
 */
export function userAgentSummary(ua: string | null | undefined): string {
  if (!ua) return '';
  const browser = browserOf(ua);
  const os = systemOf(ua);
  return [browser, os].filter(Boolean).join(' · ') || ua.slice(0, 40);
}

const major = (ua: string, re: RegExp): string | null => re.exec(ua)?.[1]?.split('.')[0] ?? null;

function browserOf(ua: string): string | null {
  // Order matters: Edge, Opera and Chromium-based shells also say "Chrome", and Chrome also says "Safari".
  const candidates: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
    ['WeChat', /MicroMessenger\/([\d.]+)/],
    ['Headless Chrome', /HeadlessChrome\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari\//],
  ];
  for (const [name, re] of candidates) {
    const version = major(ua, re);
    if (version) return `${name} ${version}`;
  }
  if (/^curl\//i.test(ua)) return 'curl';
  if (/node|undici|axios/i.test(ua)) return 'Node.js';
  return null;
}

function systemOf(ua: string): string | null {
  if (/Windows NT 10/.test(ua)) return 'Windows 10/11';
  if (/Windows NT 6\.[23]/.test(ua)) return 'Windows 8';
  if (/Windows NT 6\.1/.test(ua)) return 'Windows 7';
  if (/Windows/.test(ua)) return 'Windows';
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return `Android ${android[1].split('.')[0]}`;
  const ios = /(?:iPhone|iPad|iPod).*? OS ([\d_]+)/.exec(ua);
  if (ios) return `iOS ${ios[1].split('_')[0]}`;
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}
