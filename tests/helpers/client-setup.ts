import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { server } from '../../mocks/server';
import { resetApp } from '../../mocks/handlers/app';
import { resetOperationsProjects } from '../../mocks/handlers/operations-projects';
import { resetOperationsWork } from '../../mocks/handlers/operations-work';
import { resetOperationsRisks } from '../../mocks/handlers/operations-risks';
import { resetSystemIdentity } from '../../mocks/handlers/system-identity';
import { resetUiPrefs } from '../../mocks/handlers/kit';
import { resetClientState } from './app-render';
import '../../src/client/lib/i18n';

// findBy… and waitFor wait for what they look for; their limit is one only a hang reaches (a
// screen's first render takes seconds on a machine under load, docs/testing.md).
configure({ asyncUtilTimeout: 60_000 });

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

// Each file starts from the mock data and the client state a fresh worker would have: files share
// their worker's modules (vitest.config.ts, isolate: false), and with them these stores.
beforeAll(async () => {
  resetApp();
  resetOperationsProjects();
  resetOperationsWork();
  resetOperationsRisks();
  resetSystemIdentity();
  resetUiPrefs();
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
  localStorage.clear();
  // Mantine's notifications are a module-wide store: an earlier file's toasts, shown or queued
  // past the limit, would hold this file's back. What a file's libraries left in the page (a map's
  // container appended to the body) goes too.
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  document.body.replaceChildren();
  await resetClientState();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => {
  server.close();
  // The next file in this worker (vitest.config.ts, isolate: false) starts on real timers and globals.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
