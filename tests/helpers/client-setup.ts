import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from '../../mocks/server';
import '../../src/client/lib/i18n';

// findBy…/waitFor wait for what the test expects; their limit is for a hang only. Testing Library's
// 1 s default is a busy machine's render of a large screen (the /test page's kit gallery missed it
// at load 13-18); past this the test says which element never came, before the test's own limit.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these; Mantine and the layout code call them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? (ResizeObserverStub as unknown as typeof ResizeObserver);
window.HTMLElement.prototype.scrollIntoView = window.HTMLElement.prototype.scrollIntoView ?? (() => {});
window.scrollTo = (() => {}) as typeof window.scrollTo;
// jsdom has no layout; the rich-text editor (ProseMirror) measures text ranges to scroll the caret
// into view and asks for the element under the pointer on mousedown. Empty boxes, no element.
const emptyRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }) as DOMRect;
Range.prototype.getBoundingClientRect = Range.prototype.getBoundingClientRect ?? emptyRect;
Range.prototype.getClientRects = Range.prototype.getClientRects ?? (() => Object.assign([], { item: () => null }) as unknown as DOMRectList);
document.elementFromPoint = document.elementFromPoint ?? (() => null);

// jsdom has no canvas: charts get a 2D context that draws nothing, so screens with charts render
// in tests (what a chart shows is tested through its option and the numbers beside it).
const noop = () => undefined;
const fakeContext = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, prop) => {
    if (prop in target) return target[prop];
    if (prop === 'measureText') return () => ({ width: 0, actualBoundingBoxAscent: 0, actualBoundingBoxDescent: 0 });
    if (prop === 'getImageData' || prop === 'createImageData') return () => ({ data: new Uint8ClampedArray(4) });
    if (prop === 'createLinearGradient' || prop === 'createRadialGradient' || prop === 'createPattern') return () => ({ addColorStop: noop });
    if (prop === 'getTransform') return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
    return noop;
  },
  set: (target, prop, value) => {
    target[prop] = value;
    return true;
  },
});
HTMLCanvasElement.prototype.getContext = function getContext() {
  return fakeContext;
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
