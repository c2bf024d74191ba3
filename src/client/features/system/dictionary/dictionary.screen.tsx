import { lazy, Suspense, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DictionaryItem } from '@shared/contracts/dictionary';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { StatusTag } from '@client/components/tags/status-tag';
import { toast } from '@client/components/feedback/toast';
import type { TagColor } from '@shared/dictionaries';
import { localName } from '@shared/local-name';
import { permissionOf } from '@client/lib/resources';
import type { DictionaryValues } from './dictionary-form';
import { DICTIONARY_BASE, useTypeOptions } from './dictionary-types';

// The types dialog, with its contract (zod), loads when it is first opened.
const TypesDialog = lazy(() => import('./types-dialog').then((m) => ({ default: m.TypesDialog })));

export default function DictionaryPage() {
  const { t, i18n } = useTranslation('sysadmin');
  const types = useTypeOptions();
  const [typesOpen, setTypesOpen] = useState(false);
  const [typesWanted, setTypesWanted] = useState(false);
  if (typesOpen && !typesWanted) setTypesWanted(true);
  const canSort = useCan(permissionOf('dictionary', 'update'));
  // Entries are dragged into the order selects and tags show them in; the server keeps one type's
  // entries together and refuses a page that mixes types (choose a type first).
  const sortEntries = async (rows: DictionaryItem[]) => {
    await api.post(`${DICTIONARY_BASE}/sort`, { ids: rows.map((r) => r.id) });
    toast.success(() => t('dictionary.sorted'));
  };
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={() => setTypesOpen(true)}>{t('dictionary.types')}</Button>
      </Group>
      <ListPage<DictionaryItem, DictionaryValues>
        title={t('dictionary.title')}
        resource="dictionary"
        form={() => import('./dictionary-form').then((m) => m.dictionaryForm)}
        queryFields={[
          { name: 'type', label: t('dictionary.type'), render: selectInput(types, { searchable: true }) },
          { name: 'label', label: t('dictionary.keyword') },
        ]}
        columns={[
          { prop: 'type', label: t('dictionary.type') },
          // One language at a time: the label in the screen's language; the English column on demand.
          { prop: 'label', label: t('dictionary.label'), render: (row) => localName(row.label, row.labelEn, i18n.language) },
          { prop: 'labelEn', label: t('dictionary.labelEn'), display: false },
          { prop: 'value', label: t('dictionary.value') },
          {
            prop: 'color',
            label: t('dictionary.preview'),
            render: (row) => (
              <StatusTag value={row.value} dict={[{ value: row.value, cn: row.label, en: row.labelEn || row.label, color: (row.color || 'default') as TagColor }]} />
            ),
          },
          { prop: 'sort', label: t('dictionary.sort') },
          { prop: 'status', label: t('dictionary.status'), render: (row) => (row.status === 1 ? t('common.enabled') : t('common.disabled')) },
        ]}
        onRowSort={canSort ? sortEntries : undefined}
        key={i18n.language}
      />
      {typesWanted && (
        <Suspense fallback={null}>
          <TypesDialog opened={typesOpen} onClose={() => setTypesOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
