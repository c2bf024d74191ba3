import { hasMarkup, keptAttributes, plainTextToHtml, RICH_DROPPED, RICH_TAGS } from '@shared/rich-text';
import { isApiUrl } from '../../lib/files';

/** Stored content as editor HTML: HTML as it is, plain text (older introductions) as paragraphs. */
export function toEditorHtml(content: string): string {
  return hasMarkup(content) ? content : plainTextToHtml(content);
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Where a stored picture's address waits until it has been fetched with the session (loadFilePictures). */
export const FILE_SRC_ATTR = 'data-file-src';

/** Where a stored picture loads from without the session (the public form of a public project); null: nowhere. */
export type FileSrc = (storedUrl: string) => string | null;

function clean(parent: Element, deferFiles: boolean, fileSrc?: FileSrc): void {
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
    clean(el, deferFiles, fileSrc);
    if (!RICH_TAGS.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    const kept = keptAttributes(tag, Array.from(el.attributes, (a) => ({ name: a.name, value: a.value })));
    for (const a of Array.from(el.attributes)) el.removeAttribute(a.name);
    for (const a of kept) el.setAttribute(a.name, a.value);
    if (tag === 'img' && !el.hasAttribute('src')) el.remove();
    else if (tag === 'img' && fileSrc) {
      // A visitor has no session: the picture loads from the address that needs none, or not at all.
      const src = fileSrc(el.getAttribute('src')!);
      if (src) el.setAttribute('src', src);
      else el.remove();
    } else if (tag === 'img' && deferFiles && isApiUrl(el.getAttribute('src')!)) {
      // An <img> cannot send the session header: the picture is fetched with it and shown from memory.
      el.setAttribute(FILE_SRC_ATTR, el.getAttribute('src')!);
      el.removeAttribute('src');
    }
  }
}

/**
 * Introduction HTML from the API, reduced once more to the allow-list the server applied on write
 * (src/shared/rich-text.ts), so a row stored some other way (an import, an old version) cannot
 * run anything in the browser either. Parsed in an inert document: nothing loads or runs there.
 */
export function guardHtml(html: string, { deferFiles = false, fileSrc }: { deferFiles?: boolean; fileSrc?: FileSrc } = {}): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body, deferFiles, fileSrc);
  return doc.body.innerHTML;
}

/**
 * Shows the stored pictures under `root` that guardHtml deferred: each is fetched with the session
 * header and shown from an object URL. Returns the clean-up (aborts, releases the URLs).
 */
export function loadFilePictures(root: HTMLElement, load: (url: string, signal: AbortSignal) => Promise<string | null>): () => void {
  const abort = new AbortController();
  const urls: string[] = [];
  for (const img of Array.from(root.querySelectorAll<HTMLImageElement>(`img[${FILE_SRC_ATTR}]`))) {
    void load(img.getAttribute(FILE_SRC_ATTR)!, abort.signal)
      .then((url) => {
        if (!url) return;
        if (abort.signal.aborted) return URL.revokeObjectURL(url);
        urls.push(url);
        img.src = url;
      })
      .catch(() => undefined);
  }
  return () => {
    abort.abort();
    for (const url of urls) URL.revokeObjectURL(url);
  };
}
