import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Card } from '@shared/contracts/scene';
import { CARD_TYPES } from '@shared/choices';
import { ListPage } from '../../components/list-page/list-page';
import { dateTime } from '@client/lib/date-time';
import { localName } from '@shared/local-name';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { toast } from '@client/components/feedback/toast';
import { apiPath, permissionOf } from '@client/lib/resources';
import type { CardValues } from './card-form';

/** ship/cards: the configured wall panels scenes are made of. */
export default function CardsPage() {
  const { t, i18n } = useTranslation('scenes');
  const canSort = useCan(permissionOf('card', 'update'));
  // Cards are dragged into the order the list and the scene editor's palette show them in.
  const sortCards = async (rows: Card[]) => {
    await api.post(apiPath('card', 'sort'), { ids: rows.map((r) => r.id) });
    toast.success(() => t('cards.sorted'));
  };
  return (
    <ListPage<Card, CardValues>
      onRowSort={canSort ? sortCards : undefined}
      title={t('cards.title')}
      resource="card"
      queryFields={[
        { name: 'name', label: t('cards.name') },
        {
          name: 'type',
          label: t('cards.type'),
          render: ({ label, value, onChange }) => (
            <Select label={label} clearable data={CARD_TYPES.map((c) => ({ value: c, label: t(`types.${c}`) }))} value={(value as string) || null} onChange={(v) => onChange(v ?? '')} />
          ),
        },
      ]}
      columns={[
        { prop: 'id', label: 'ID', width: 80 },
        { prop: 'name', label: t('cards.name'), render: (row) => localName(row.name, row.nameEn, i18n.language) },
        { prop: 'type', label: t('cards.type'), render: (row) => t(`types.${row.type}`) },
        { prop: 'createdAt', label: t('cards.createdAt'), nowrap: true, render: (row) => dateTime(row.createdAt) },
      ]}
      form={() => import('./card-form').then((m) => m.cardForm)}
    />
  );
}
