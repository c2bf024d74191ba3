import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReorderRow } from '@shared/contracts/stock';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { localName } from '@shared/local-name';
import { projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { StorePicker } from './stock-pickers';

/** fall/reorder: the parts at or under their reorder point, per store (docs/maintenance.md "Parts and stock"). */
export default function ReorderPage() {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const f = (k: KeyOf<Texts['stock']['reorder']['fields']>) => t(`reorder.fields.${k}`);
  return (
    <ReadOnlyList<ReorderRow>
      key={i18n.language}
      title={t('reorder.title')}
      resource="reorder"
      queryFields={[
        { name: 'keyword', label: f('keyword') },
        projectQueryField(f('projectId')),
        { name: 'storeId', label: f('storeId'), render: (p) => <StorePicker label={p.label} value={p.value ? Number(p.value) : null} onChange={(id) => p.onChange(id ?? '')} /> },
      ]}
      columns={[
        projectColumn(f('projectName'), i18n.language),
        { prop: 'storeName', label: f('storeName'), render: (r) => localName(r.storeName, r.storeNameEn, lang) },
        { prop: 'partName', label: f('partName') },
        { prop: 'partNo', label: f('partNo') },
        { prop: 'equipmentName', label: f('equipmentName'), render: (r) => localName(r.equipmentName, r.equipmentNameEn, lang) },
        { prop: 'quantity', label: f('quantity'), align: 'right', render: (r) => <Text c={r.quantity === 0 ? 'red' : 'orange'} fw={600} size="sm">{r.quantity}</Text> },
        { prop: 'reorderPoint', label: f('reorderPoint'), align: 'right' },
        { prop: 'shortBy', label: f('shortBy'), align: 'right' },
        { prop: 'unitCost', label: f('unitCost'), align: 'right', render: (r) => r.unitCost.toFixed(2) },
      ]}
    />
  );
}
