import { describe, expect, it } from 'vitest';
import { userAgentSummary } from './user-agent';

describe('userAgentSummary', () => {
  it('names the browser and system instead of the whole string', () => {
    const cases: [string, string][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', 'Chrome 142 · Windows 10/11'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.3595.53', 'Edge 142 · Windows 10/11'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari 18 · macOS'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Linux'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50', 'WeChat 8 · iOS 17'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome 131 · Android 14'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36', 'Headless Chrome 142 · Linux'],
      ['curl/8.5.0', 'curl'],
    ];
    for (const [ua, summary] of cases) expect(userAgentSummary(ua), ua).toBe(summary);
  });

  it('keeps something readable for an unknown agent, and nothing for none', () => {
    expect(userAgentSummary('SomeKiosk/1.0')).toBe('SomeKiosk/1.0');
    expect(userAgentSummary('')).toBe('');
    expect(userAgentSummary(null)).toBe('');
  });
});
