import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'];

/** Tags a project introduction may use; their content is kept, the tags of anything else dropped. */
const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'span', 'div', 'blockquote', 'pre', 'code',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
/** Tags whose content goes too (it is code or an embedded document, never text to show). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'form', 'textarea', 'select', 'button', 'title', 'head']);
const VOID = new Set(['br', 'hr', 'img']);
const ALLOWED_ATTRS: Record<string, string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  '*': ['class'],
};
/** Text alignment from rich editors is kept; every other style property goes. */
const SAFE_STYLE = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Links to the web, mail, or this server's own file downloads; never javascript:, data: or vbscript:. */
function safeUrl(value: string, forImage: boolean): boolean {
  const v = value.trim();
  if (/^https?:\/\//i.test(v)) return true;
  if (!forImage && /^mailto:/i.test(v)) return true;
  return /^\/[^/\\]/.test(v) || v === '/';
}

function attrsOf(tag: string, attrs: { name: string; value: string }[]): string {
  const allowed = new Set([...(ALLOWED_ATTRS[tag] ?? []), ...ALLOWED_ATTRS['*']]);
  const out: string[] = [];
  for (const { name, value } of attrs) {
    const n = name.toLowerCase();
    if (n === 'style' && SAFE_STYLE.test(value)) {
      out.push(`style="${escapeAttr(value.trim())}"`);
      continue;
    }
    if (!allowed.has(n)) continue;
    if ((n === 'href' || n === 'src') && !safeUrl(value, n === 'src')) continue;
    if ((n === 'width' || n === 'height' || n === 'colspan' || n === 'rowspan') && !/^\d{1,4}$/.test(value)) continue;
    if (n === 'target' && value !== '_blank') continue;
    out.push(`${n}="${escapeAttr(value)}"`);
  }
  if (tag === 'a' && out.some((a) => a.startsWith('target='))) out.push('rel="noopener noreferrer"');
  return out.length ? ' ' + out.join(' ') : '';
}

function render(nodes: Node[]): string {
  let html = '';
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      html += escapeText((node as DefaultTreeAdapterMap['textNode']).value);
      continue;
    }
    if (!('tagName' in node)) continue; // comments and doctypes
    const el = node as DefaultTreeAdapterMap['element'];
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    const inner = render(el.childNodes);
    if (!ALLOWED_TAGS.has(tag)) {
      html += inner;
      continue;
    }
    if (VOID.has(tag)) {
      if (tag === 'img' && !el.attrs.some((a) => a.name === 'src' && safeUrl(a.value, true))) continue;
      html += `<${tag}${attrsOf(tag, el.attrs)}>`;
      continue;
    }
    html += `<${tag}${attrsOf(tag, el.attrs)}>${inner}</${tag}>`;
  }
  return html;
}

/**
 * Rich text from the introduction editor, reduced to a safe subset: the HTML is parsed as a
 * browser would and written out again from the allowed tags and attributes only, so no script,
 * event handler or dangerous URL survives, however the input was written.
 */
export function sanitizeHtml(input: string): string {
  return render(parseFragment(input).childNodes as Node[]);
}
