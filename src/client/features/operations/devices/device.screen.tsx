import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@shared/contracts/device';
import { DictTag } from '@client/components/dict-tag/dict-tag';
import { ListPage } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { localColumn } from '../../../shared/work-kit/format';
import type { DeviceValues } from './device-form';

/** fall/device: the catalogue of device models with makers and handbooks. */
export default function DevicesPage() {
  const { t, i18n } = useTranslation('projects');
  const f = (k: KeyOf<Texts['projects']['device']['fields']>) => t(`device.fields.${k}`);
  return (
    <ListPage<DeviceRow, DeviceValues>
      key={i18n.language}
      title={t('device.title')}
      resource="device"
      form={() => import('./device-form').then((m) => m.deviceForm)}
      queryFields={[
        { name: 'keyword', label: f('keyword') },
        { name: 'maker', label: f('maker') },
      ]}
      columns={[
        localColumn<DeviceRow>('name', f('name'), i18n.language),
        { prop: 'category', label: f('category'), render: (r) => <DictTag type="device_category" value={r.category} /> },
        { prop: 'maker', label: f('maker') },
        { prop: 'model', label: f('model') },
        { prop: 'equipmentCount', label: f('equipmentCount') },
        localColumn<DeviceRow>('remark', f('remark'), i18n.language, { display: false }),
      ]}
    />
  );
}
