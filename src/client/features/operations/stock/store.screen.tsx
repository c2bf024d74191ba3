import { useTranslation } from 'react-i18next';
import type { StoreRow } from '@shared/contracts/stock';
import { ListPage } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { localColumn, projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { StoreValues } from './store-form';

/** fall/store: each project's parts stores (docs/maintenance.md "Parts and stock"). */
export default function StoresPage() {
  const { t, i18n } = useTranslation('stock');
  const f = (k: KeyOf<Texts['stock']['store']['fields']>) => t(`store.fields.${k}`);
  return (
    <ListPage<StoreRow, StoreValues>
      key={i18n.language}
      title={t('store.title')}
      resource="store"
      form={() => import('./store-form').then((m) => m.storeForm)}
      queryFields={[{ name: 'keyword', label: f('keyword') }, projectQueryField(f('projectId'))]}
      columns={[
        projectColumn(f('projectId'), i18n.language),
        localColumn<StoreRow>('name', f('name'), i18n.language),
        { prop: 'parts', label: f('parts'), align: 'right' },
        { prop: 'quantity', label: f('quantity'), align: 'right' },
        { prop: 'remark', label: f('remark') },
      ]}
    />
  );
}
