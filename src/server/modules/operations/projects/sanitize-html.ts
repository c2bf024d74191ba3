import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { keptAttributes, RICH_DROPPED, RICH_TAGS, RICH_VOID, isSafeUrl } from '@shared/rich-text';

type Node = DefaultTreeAdapterMap['childNode'];

// Written as a browser serialises HTML (innerHTML), so what the editor sends comes back unchanged.
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function attrsOf(tag: string, attrs: { name: string; value: string }[]): string {
  return keptAttributes(tag, attrs)
    .map((a) => ` ${a.name}="${escapeAttr(a.value)}"`)
    .join('');
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
    if (RICH_DROPPED.has(tag)) continue;
    const inner = render(el.childNodes);
    if (!RICH_TAGS.has(tag)) {
      html += inner;
      continue;
    }
    if (RICH_VOID.has(tag)) {
      if (tag === 'img' && !el.attrs.some((a) => a.name === 'src' && isSafeUrl(a.value, true))) continue;
      html += `<${tag}${attrsOf(tag, el.attrs)}>`;
      continue;
    }
    html += `<${tag}${attrsOf(tag, el.attrs)}>${inner}</${tag}>`;
  }
  return html;
}

/**
 * Rich text from the introduction editor, reduced to a safe subset (the allow-list of
 * src/shared/rich-text.ts, which the client's guard applies too): the HTML is parsed as a browser
 * would and written out again from the allowed tags and attributes only, so no script, event
 * handler, dangerous URL or style other than alignment survives, however the input was written.
 * The editor's own output passes unchanged.
 */
export function sanitizeHtml(input: string): string {
  return render(parseFragment(input).childNodes as Node[]);
}
