import { useTranslation } from 'react-i18next';
import type { SparePartRow } from '@shared/contracts/spare-part';
import { ListPage } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { localColumn } from '../../../shared/work-kit/format';
import { EquipmentPicker } from '../../../shared/work-kit/pickers';
import type { SparePartValues } from './spare-part-form';

/** fall/spare: spare parts kept for each installed unit. */
export default function SparePartsPage() {
  const { t, i18n } = useTranslation('projects');
  const f = (k: KeyOf<Texts['projects']['sparePart']['fields']>) => t(`sparePart.fields.${k}`);
  return (
    <ListPage<SparePartRow, SparePartValues>
      key={i18n.language}
      title={t('sparePart.title')}
      resource="sparePart"
      form={() => import('./spare-part-form').then((m) => m.sparePartForm)}
      queryFields={[
        { name: 'keyword', label: f('keyword') },
        { name: 'equipmentId', label: f('equipmentId'), defaultValue: null, render: ({ label, value, onChange }) => <EquipmentPicker projectId={null} label={label} value={(value as number | null) ?? null} onChange={onChange} /> },
      ]}
      columns={[
        localColumn<SparePartRow>('equipmentName', f('equipmentName'), i18n.language),
        { prop: 'name', label: f('name') },
        { prop: 'partNo', label: f('partNo') },
        { prop: 'quantity', label: f('quantity'), align: 'right' },
        { prop: 'unitCost', label: f('unitCost'), align: 'right' },
        { prop: 'reorderPoint', label: f('reorderPoint'), align: 'right' },
        { prop: 'remark', label: f('remark') },
      ]}
    />
  );
}
