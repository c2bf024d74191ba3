import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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

describe('floating layers opened inside a dialog', () => {
  it('Select, date picker and menu dropdowns sit above the dialog (the app theme sets their z-index)', async () => {
    renderWithProviders(
      <MantineProvider theme={theme} env="test">
        <Dialog title="Order" opened onChange={() => {}}>
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
    const dialogZ = zOf(screen.getByRole('dialog', { name: 'Order' }));
    expect(dialogZ).toBeGreaterThanOrEqual(2000);

    await userEvent.click(screen.getAllByLabelText('Priority').find((el) => el.tagName === 'INPUT')!);
    expect(zOf(await screen.findByRole('option', { name: 'High' }))).toBeGreaterThan(dialogZ);

    await userEvent.click(screen.getAllByLabelText('Repair day').find((el) => el.tagName === 'BUTTON')!);
    expect(zOf(await screen.findByRole('table'))).toBeGreaterThan(dialogZ);

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(zOf(await screen.findByRole('menuitem', { name: 'Export' }))).toBeGreaterThan(dialogZ);
  });
});
