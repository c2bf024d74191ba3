import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChecklistRow } from '@shared/contracts/checklist';
import { ListPage } from '@client/components/list-page/list-page';
import { localName } from '@shared/local-name';
import type { ChecklistValues } from './checklist-form';

/** fall/checklist: checklist templates an order's reports fill (docs/maintenance.md "Checklists"). */
export default function ChecklistPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<ChecklistRow, ChecklistValues>
      key={i18n.language}
      title={t('checklist.title')}
      resource="checklist"
      form={() => import('./checklist-form').then((m) => m.checklistForm)}
      queryFields={[{ name: 'keyword', label: t('checklist.keyword') }]}
      columns={[
        { prop: 'name', label: t('checklist.name'), render: (r) => localName(r.name, r.nameEn, i18n.language) },
        {
          prop: 'items',
          label: t('checklist.items'),
          render: (r) => (
            <Group gap={4} wrap="wrap">
              <Badge variant="light" color="blue">{t('checklist.itemCount', { count: r.items.length })}</Badge>
              {r.items.slice(0, 6).map((i) => (
                <Badge key={i.key} variant="outline" color="gray" tt="none">
                  {localName(i.label, i.labelEn, i18n.language)}
                </Badge>
              ))}
            </Group>
          ),
        },
        { prop: 'orders', label: t('checklist.orders') },
        { prop: 'remark', label: t('checklist.remark') },
      ]}
    />
  );
}
