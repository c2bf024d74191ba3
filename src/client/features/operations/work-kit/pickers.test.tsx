import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderKit } from '@client/components/test-render';
import { QueryForm } from '@client/components/list-page/query-form';
import { projectQueryField } from './pickers';

function Filter() {
  const [values, setValues] = useState<Record<string, unknown>>({ projectId: '' });
  return (
    <>
      <QueryForm fields={[projectQueryField('Project')]} values={values} onChange={setValues} onQuery={() => {}} onClear={() => setValues({ projectId: '' })} />
      <output>{JSON.stringify(values)}</output>
    </>
  );
}

describe('projectQueryField', () => {
  it('puts the chosen project id in the query values, and the empty value back when cleared', async () => {
    renderKit(<Filter />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    await userEvent.click(await screen.findByRole('option', { name: '西湖音乐喷泉' }));
    // an id, as a number (the mock's id of this project differs between handler sets)
    expect(screen.getByRole('status')).toHaveTextContent(/^\{"projectId":\d+\}$/);
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('西湖音乐喷泉');
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(screen.getByRole('status')).toHaveTextContent('{"projectId":""}');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('');
  });
});
