import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderKit } from '@tests/helpers/kit-render';
import { Ellipsis } from './ellipsis';

const long = 'The routine inspection of a water feature covers pumps, nozzles, lights and valves.';

describe('Ellipsis', () => {
  it('cuts to one line by default and shows the whole text in a tooltip on hover', async () => {
    renderKit(<Ellipsis>{long}</Ellipsis>);
    const text = screen.getByText(long);
    expect(text).toHaveAttribute('data-truncate', 'end');
    await userEvent.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('clamps to the given number of lines', () => {
    renderKit(<Ellipsis lines={2}>{long}</Ellipsis>);
    expect(screen.getByText(long)).toHaveAttribute('data-line-clamp', 'true');
  });
});
