import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderKit } from '@tests/helpers/kit-render';
import HintTooltip from '@client/app/hint-tooltip';
import { TooltipSource } from '../components/tooltip-source';
import { DeferredTooltip } from '../components/wall/deferred-tooltip';

const source = () => Promise.resolve({ default: HintTooltip });

describe('deferred tooltip', () => {
  it('shows only its target until a pointer moves, then its label on hover', async () => {
    const user = userEvent.setup();
    renderKit(
      <TooltipSource value={source}>
        <DeferredTooltip label="Orders completed within the deadline">
          <span>Quality</span>
        </DeferredTooltip>
      </TooltipSource>,
    );
    expect(screen.getByText('Quality')).toBeInTheDocument();
    expect(screen.queryByText('Orders completed within the deadline')).not.toBeInTheDocument();
    act(() => {
      fireEvent.pointerMove(window);
    });
    // The tooltip's chunk arrives, then it wraps the target.
    await act(async () => {
      await source();
    });
    await user.hover(screen.getByText('Quality'));
    expect(await screen.findByText('Orders completed within the deadline')).toBeInTheDocument();
  });

  it('shows its target alone where no layout provides tooltips', () => {
    renderKit(
      <DeferredTooltip label="A hint">
        <span>Target</span>
      </DeferredTooltip>,
    );
    act(() => {
      fireEvent.pointerMove(window);
    });
    expect(screen.getByText('Target')).toBeInTheDocument();
    expect(screen.queryByText('A hint')).not.toBeInTheDocument();
  });
});
