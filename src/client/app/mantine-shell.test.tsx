import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { DateInput, DateTimePicker } from '@mantine/dates';
import i18n from '@client/lib/i18n';
import { MantineShell } from './mantine-shell';

function renderPickers(locale: 'cn' | 'en') {
  void i18n.changeLanguage(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineShell env="test">
        <DateTimePicker label="at" defaultValue="2026-11-25 14:30:00" />
        <DateInput label="day" defaultValue="2026-11-05" />
      </MantineShell>
    </I18nextProvider>,
  );
}

describe('date pickers in the screen language', () => {
  it('shows YYYY-MM-DD, Chinese month and weekday names and weeks from Monday in Chinese', async () => {
    renderPickers('cn');
    expect(screen.getByRole('button', { name: 'at' })).toHaveTextContent('2026-11-25 14:30');
    expect(screen.getByRole('textbox', { name: 'day' })).toHaveValue('2026-11-05');
    await userEvent.click(screen.getByRole('button', { name: 'at' }));
    const dropdown = await screen.findByRole('dialog');
    expect(within(dropdown).getByText(/十一月/)).toBeInTheDocument();
    const weekdays = within(dropdown).getAllByRole('columnheader').map((c) => c.textContent);
    expect(weekdays[0]).toBe('一');
  });

  it('follows a switch to English', async () => {
    renderPickers('cn');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'at' })).toHaveTextContent('2026-11-25 14:30');
    await userEvent.click(screen.getByRole('button', { name: 'at' }));
    const dropdown = await screen.findByRole('dialog');
    expect(within(dropdown).getByText('November 2026')).toBeInTheDocument();
    expect(within(dropdown).getAllByRole('columnheader')[0].textContent).toBe('Su');
  });
});
