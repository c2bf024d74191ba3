import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderKit } from '@tests/helpers/kit-render';
import { DateInput, DateTimePicker } from './date-pickers';

describe('the forms’ date pickers', () => {
  it('draw the field’s frame at once, then Mantine’s picker with the value', async () => {
    renderKit(<DateTimePicker label="Submitted" withAsterisk valueFormat="YYYY-MM-DD HH:mm" value="2026-03-04 05:06:00" onChange={() => undefined} />);
    // Mantine's picker is a button that opens the calendar; until it arrives, an empty read-only box.
    expect(screen.queryByRole('button', { name: /Submitted/ })).not.toBeInTheDocument();
    const picker = await screen.findByRole('button', { name: /Submitted/ });
    expect(picker).toHaveTextContent('2026-03-04 05:06');
  });

  it('DateInput likewise', async () => {
    renderKit(<DateInput label="Warranty end" valueFormat="YYYY-MM-DD" value="2027-01-31" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Warranty end' })).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Warranty end' })).toHaveValue('2027-01-31'));
  });
});
