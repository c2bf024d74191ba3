import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, Menu, Button, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { renderWithProviders } from '@tests/helpers/render';
import { theme } from './theme';
import { Dialog } from '@client/components/dialog/dialog';

// Beside the app's theme, whose z-index defaults it checks (the kit's folder may not import app/).

/** The z-index a floating layer is drawn at: the nearest positioned ancestor's that names one. */
function zOf(el: HTMLElement): number {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    const z = node.style.zIndex;
    if (z) return Number(z);
  }
  return 0;
}

/** A dialog holding a select, a date picker and a menu, beside the app's theme. */
function renderOrderDialog(onChange: (open: boolean) => void) {
  return renderWithProviders(
    <MantineProvider theme={theme} env="test">
      <Dialog title="Order" opened onChange={onChange}>
        <Select label="Priority" data={['High', 'Low']} />
        <DatePickerInput label="Repair day" />
        <Menu>
          <Menu.Target>
            <Button>More</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Export</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Dialog>
    </MantineProvider>,
  );
}

describe('floating layers opened inside a dialog', () => {
  it('Select, date picker and menu dropdowns sit above the dialog (the app theme sets their z-index)', async () => {
    renderOrderDialog(() => {});
    const dialogZ = zOf(screen.getByRole('dialog', { name: 'Order' }));
    expect(dialogZ).toBeGreaterThanOrEqual(2000);

    await userEvent.click(screen.getAllByLabelText('Priority').find((el) => el.tagName === 'INPUT')!);
    expect(zOf(await screen.findByRole('option', { name: 'High' }))).toBeGreaterThan(dialogZ);

    await userEvent.click(screen.getAllByLabelText('Repair day').find((el) => el.tagName === 'BUTTON')!);
    expect(zOf(await screen.findByRole('table'))).toBeGreaterThan(dialogZ);

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(zOf(await screen.findByRole('menuitem', { name: 'Export' }))).toBeGreaterThan(dialogZ);
  });

  it('Escape closes only the innermost layer: an open select, date picker or menu, then the dialog', async () => {
    let closed = 0;
    renderOrderDialog((open) => !open && (closed += 1));
    const layers: [string, () => Promise<void>, () => HTMLElement | null][] = [
      ['select', () => userEvent.click(screen.getAllByLabelText('Priority').find((el) => el.tagName === 'INPUT')!), () => screen.queryByRole('option', { name: 'High' })],
      ['date picker', () => userEvent.click(screen.getAllByLabelText('Repair day').find((el) => el.tagName === 'BUTTON')!), () => screen.queryByRole('table')],
      ['menu', () => userEvent.click(screen.getByRole('button', { name: 'More' })), () => screen.queryByRole('menuitem', { name: 'Export' })],
    ];
    for (const [name, open, shown] of layers) {
      await open();
      await waitFor(() => expect(shown(), name).toBeInTheDocument());
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(shown(), name).not.toBeInTheDocument());
      expect(screen.getByRole('dialog', { name: 'Order' }), name).toBeInTheDocument();
      expect(closed, name).toBe(0);
    }
    // Nothing open inside it: Escape is the dialog's.
    await userEvent.keyboard('{Escape}');
    expect(closed).toBe(1);
  });
});
