import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { Panel } from './panel';

// Issue 18: the wall benchmark reads when each panel is painted from the browser (Element Timing),
// so a panel carries `elementtiming` only once its data is drawn, on an element first put on the page then.
describe('a wall panel’s paint mark', () => {
  const panel = (ready: boolean) => createElement(Panel, { name: 'status', title: 'Projects', ready, children: 'chart' });

  it('is on a new title element once the panel is ready, never before', () => {
    const { container, rerender } = render(panel(false));
    const waiting = container.querySelector('section header span span:nth-child(2)');
    expect(waiting?.textContent).toBe('Projects');
    expect(container.querySelector('[elementtiming]')).toBeNull();
    rerender(panel(true));
    const marked = container.querySelector('[elementtiming]');
    expect(marked?.getAttribute('elementtiming')).toBe('panel-status');
    expect(marked?.textContent).toBe('Projects');
    // A new element: the browser reports an element's first paint, which must be the drawn panel's.
    expect(marked).not.toBe(waiting);
  });

  it('is in the server-drawn first frame of a ready panel', () => {
    expect(renderToString(panel(true))).toContain('elementtiming="panel-status"');
    expect(renderToString(panel(false))).not.toContain('elementtiming');
  });
});
