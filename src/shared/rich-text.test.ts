import { describe, expect, it } from 'vitest';
import { hasMarkup, isSafeUrl, plainTextToHtml } from './rich-text';

describe('rich text helpers', () => {
  it('tells HTML from plain text', () => {
    expect(hasMarkup('<p>Night shows</p>')).toBe(true);
    expect(hasMarkup('Line one<br>line two')).toBe(true);
    expect(hasMarkup('Open 19:00–21:30\nFree')).toBe(false);
    expect(hasMarkup('depth < 2 m and width > 1 m')).toBe(false);
    expect(hasMarkup('a<3')).toBe(false);
  });

  it('turns plain text into paragraphs (blank lines) and line breaks (single newlines), escaped', () => {
    expect(plainTextToHtml('Opened in 2009.\r\nShows every night.\n\n\nFree <to> watch & see.\n')).toBe('<p>Opened in 2009.<br>Shows every night.</p><p>Free &lt;to&gt; watch &amp; see.</p>');
    expect(plainTextToHtml('  \n ')).toBe('');
  });

  it('allows web, mail and own-path links only', () => {
    for (const ok of ['https://example.com', 'http://example.com/a?b=1', 'mailto:info@example.com', '/api/oss/file/download/1']) expect(isSafeUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', 'example.com', 'https:// x', '']) expect(isSafeUrl(bad)).toBe(false);
    expect(isSafeUrl('mailto:info@example.com', true)).toBe(false);
  });
});
