import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import i18n from '@client/lib/i18n';
import userEvent from '@testing-library/user-event';
import { renderKit } from '@tests/helpers/kit-render';
import { QueryForm } from '@client/components/list-page/query-form';
import { ProjectPicker, projectQueryField } from './pickers';

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

  it('names projects in English on an English screen, and again in Chinese after a switch', async () => {
    try {
      renderKit(<ProjectPicker label="Project" value={null} onChange={() => {}} />, { locale: 'en' });
      await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
      expect(await screen.findByRole('option', { name: 'West Lake Musical Fountain' })).toBeInTheDocument();
      await act(async () => void (await i18n.changeLanguage('cn')));
      expect(await screen.findByRole('option', { name: '西湖音乐喷泉' })).toBeInTheDocument();
    } finally {
      await act(async () => void (await i18n.changeLanguage('cn')));
    }
  });
});
