import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FrameDrawContext, type FrameDraw } from './first-frame';
import { ScrollList } from './scroll-list';

const items = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Pump ${i}` }));
const list = <ScrollList items={items} keyOf={(r) => r.id} rowHeight={40} height={190} renderRow={(r) => <span>{r.name}</span>} />;
const draw: FrameDraw = { chart: () => '', map: () => '' };

describe('ScrollList', () => {
  it('draws every row in the app', () => {
    render(list);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
  });

  it('draws only the rows that show in a server-drawn first frame', () => {
    render(<FrameDrawContext.Provider value={draw}>{list}</FrameDrawContext.Provider>);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});
