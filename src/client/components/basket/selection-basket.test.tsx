import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderKit } from '@tests/helpers/kit-render';
import { SelectionBasket } from './selection-basket';
import type { TableColumn } from '../table/types';

interface Pump {
  id: number;
  name: string;
  serial: string;
  city: string;
  state: string;
}
const columns: TableColumn<Pump>[] = [
  { type: 'selection' },
  { prop: 'name', label: 'Name' },
  { prop: 'serial', label: 'Serial' },
  { prop: 'city', label: 'City' },
  { prop: 'state', label: 'State' },
];
const pumps: Pump[] = [
  { id: 1, name: 'P-1', serial: 'S1', city: 'Dubai', state: 'ok' },
  { id: 2, name: 'P-2', serial: 'S2', city: 'Macau', state: 'broken' },
];

function Harness() {
  const [rows, setRows] = useState(pumps);
  return <SelectionBasket rows={rows} columns={columns} onRemove={(key) => setRows((r) => r.filter((p) => p.id !== key))} onClear={() => setRows([])} />;
}

describe('SelectionBasket', () => {
  it('shows the count, columns 1–3 plus an operation column, and removes rows one by one', async () => {
    renderKit(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '已选 2' }));
    const table = await screen.findByRole('table', { name: '已选择的数据' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Serial', 'City', '操作']);
    await userEvent.click(within(table).getAllByRole('button', { name: '移除' })[0]);
    expect(screen.queryByText('P-1')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '已选 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.getByText('未选择数据')).toBeInTheDocument();
  });
});
