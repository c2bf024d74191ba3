import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderKit } from '../test-render';
import { DeferredTooltip } from './deferred-tooltip';

describe('deferred tooltip', () => {
  it('shows only its target until a pointer moves, then its label on hover', async () => {
    const user = userEvent.setup();
    renderKit(
      <DeferredTooltip label="Orders completed within the deadline">
        <span>Quality</span>
      </DeferredTooltip>,
    );
    expect(screen.getByText('Quality')).toBeInTheDocument();
    expect(screen.queryByText('Orders completed within the deadline')).not.toBeInTheDocument();
    act(() => {
      fireEvent.pointerMove(window);
    });
    // The tooltip's chunk arrives, then it wraps the target.
    await act(async () => {
      await import('./hint-tooltip');
    });
    await user.hover(screen.getByText('Quality'));
    expect(await screen.findByText('Orders completed within the deadline')).toBeInTheDocument();
  });
});
