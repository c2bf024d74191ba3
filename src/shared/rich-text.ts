/**
 * The HTML a project introduction may hold. One allow-list for the server's sanitiser (parse5,
 * on write) and the client's guard (DOM, before showing), so both keep exactly the same markup:
 * the rich-text editor's output (paragraphs, headings, marks, lists, quotes, links, alignment,
 * tables, pictures of our stored files) and nothing that runs, loads from elsewhere or restyles the page.
 * Framework-free: the wall imports it without any library.
 */

/** Tags whose content is kept; the tags of anything else are dropped and their text kept. */
export const RICH_TAGS: ReadonlySet<string> = new Set([
  'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'span', 'div', 'blockquote', 'pre', 'code',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'colgroup', 'col',
]);

/** Tags dropped with their content (code, embedded documents, forms: never text to show). */
export const RICH_DROPPED: ReadonlySet<string> = new Set([
  'script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes',
  'template', 'svg', 'math', 'form', 'input', 'textarea', 'select', 'option', 'button', 'title', 'head', 'video', 'audio', 'source', 'track', 'canvas',
]);

/** Elements without content (written without a closing tag). */
export const RICH_VOID: ReadonlySet<string> = new Set(['br', 'hr', 'img', 'col']);

/** Attributes per tag. No `class` (the app's own classes could restyle or cover the page), no `id`, no event handlers. */
const ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Alignment from the editor (`text-align: center`) is the only style kept; any other declaration drops the whole attribute. */
const SAFE_STYLE = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;
/** Link types that only restrict what the opened page may do. */
const SAFE_REL = new Set(['noopener', 'noreferrer', 'nofollow']);

/**
 * A file of this server's files module, as an upload answers it: `<api prefix>/oss/file/download/<id>`
 * (or its thumbnail), a path on this origin, nothing after the id.
 */
const FILE_URL = /^(?:\/[A-Za-z0-9._~-]+)*\/oss\/file\/(?:download|thumb)\/(\d{1,12})$/;

/** Whether a picture's source is one of our stored files (the only pictures an introduction may show). */
export function isFileUrl(value: string): boolean {
  return FILE_URL.test(value.trim());
}

/** The ids of the stored files an introduction's pictures show, each once, in order. */
export function fileIdsInHtml(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) {
    const id = FILE_URL.exec(m[1].trim())?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}

/**
 * Links to the web, e-mail, or this server's own paths (file downloads); never javascript:,
 * data:, vbscript: or protocol-relative `//host` addresses. Pictures only from our stored files
 * (isFileUrl): an address elsewhere would load from a host we do not control whenever a wall shows it.
 */
export function isSafeUrl(value: string, forImage = false): boolean {
  const v = value.trim();
  if (forImage) return isFileUrl(v);
  if (/^https?:\/\/[^\s]/i.test(v)) return true;
  if (/^mailto:[^\s]/i.test(v)) return true;
  return /^\/[^/\\]/.test(v) || v === '/';
}

export interface Attr {
  name: string;
  value: string;
}

/**
 * The attributes of one allowed element that may stay, in their order, values as they are (the
 * writer escapes them). A link opening a new window always carries `rel="noopener noreferrer"`.
 */
export function keptAttributes(tag: string, attrs: readonly Attr[]): Attr[] {
  const allowed = ATTRS[tag] ?? [];
  const out: Attr[] = [];
  let newWindow = false;
  for (const { name, value } of attrs) {
    const n = name.toLowerCase();
    if (n === 'style') {
      if (SAFE_STYLE.test(value)) out.push({ name: 'style', value: value.trim() });
      continue;
    }
    if (!allowed.includes(n)) continue;
    if ((n === 'href' || n === 'src') && !isSafeUrl(value, n === 'src')) continue;
    if ((n === 'width' || n === 'height' || n === 'colspan' || n === 'rowspan') && !/^\d{1,4}$/.test(value)) continue;
    if (n === 'target') {
      if (value !== '_blank') continue;
      newWindow = true;
    }
    if (n === 'rel') {
      const tokens = value.toLowerCase().split(/\s+/).filter((t) => SAFE_REL.has(t));
      if (tokens.length) out.push({ name: 'rel', value: [...new Set(tokens)].join(' ') });
      continue;
    }
    out.push({ name: n, value });
  }
  if (tag === 'a' && newWindow) {
    const rel = out.find((a) => a.name === 'rel');
    if (!rel) out.push({ name: 'rel', value: 'noopener noreferrer' });
    else rel.value = [...new Set([...rel.value.split(' '), 'noopener', 'noreferrer'])].join(' ');
  }
  return out;
}

/** Whether stored content is HTML (from the editor) or plain text (older introductions, typed lines). */
export function hasMarkup(content: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(content);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as editor HTML: blank lines separate paragraphs, single line breaks stay line breaks. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.split('\n').map(escapeText).join('<br>')}</p>`)
    .join('');
}
