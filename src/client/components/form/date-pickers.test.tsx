import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderKit } from '@tests/helpers/kit-render';
import { renderWithProviders } from '@tests/helpers/render';
import { DateInput, DateTimePicker } from './date-pickers';

// The pickers arrive in a chunk of their own, which a loaded machine takes seconds to import.

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

  it('take the time with the mouse: the time field opens hours, minutes and seconds inside the calendar', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateTimePicker label="Repair time" withSeconds valueFormat="YYYY-MM-DD HH:mm:ss" defaultValue="2026-03-05 00:00:00" onChange={onChange} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Repair time/ }));
    // Found by its markup: a role query walks the calendar's accessibility tree on every retry, which a
    // loaded machine spent the whole wait on (CI at load 18).
    const calendar = await waitFor(() => {
      const table = document.querySelector<HTMLElement>('.mantine-Popover-dropdown table');
      expect(table).not.toBeNull();
      return table!.closest<HTMLElement>('.mantine-Popover-dropdown')!;
    });
    await userEvent.click(calendar.querySelector<HTMLElement>('.mantine-TimePicker-fieldsRoot')!);
    // The lists are drawn in the calendar's dropdown, not a portal of their own: a click there is no
    // click outside the calendar, which would close it before the time is taken.
    const lists = await waitFor(() => {
      const found = calendar.querySelectorAll<HTMLElement>('.mantine-TimePicker-controlsList');
      expect(found).toHaveLength(3);
      return found;
    });
    await userEvent.click(lists[0].querySelector<HTMLElement>('[data-value="8"]')!);
    await userEvent.click(lists[1].querySelector<HTMLElement>('[data-value="15"]')!);
    await userEvent.click(lists[2].querySelector<HTMLElement>('[data-value="30"]')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-05 08:15:30'));
  }, 60_000);
});
