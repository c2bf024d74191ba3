import { hasMarkup, keptAttributes, plainTextToHtml, RICH_DROPPED, RICH_TAGS } from '@shared/rich-text';

/** Stored content as editor HTML: HTML as it is, plain text (older introductions) as paragraphs. */
export function toEditorHtml(content: string): string {
  return hasMarkup(content) ? content : plainTextToHtml(content);
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

function clean(parent: Element): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove();
      continue;
    }
    const el = node as Element;
    const tag = el.localName;
    if (el.namespaceURI !== HTML_NS || RICH_DROPPED.has(tag)) {
      el.remove();
      continue;
    }
    clean(el);
    if (!RICH_TAGS.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    const kept = keptAttributes(tag, Array.from(el.attributes, (a) => ({ name: a.name, value: a.value })));
    for (const a of Array.from(el.attributes)) el.removeAttribute(a.name);
    for (const a of kept) el.setAttribute(a.name, a.value);
    if (tag === 'img' && !el.hasAttribute('src')) el.remove();
  }
}

/**
 * Introduction HTML from the API, reduced once more to the allow-list the server applied on write
 * (src/shared/rich-text.ts), so a row stored some other way (an import, an old version) cannot
 * run anything in the browser either. Parsed in an inert document: nothing loads or runs there.
 */
export function guardHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
