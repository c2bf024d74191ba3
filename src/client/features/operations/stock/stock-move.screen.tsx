import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockMoveRow } from '@shared/contracts/stock';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { dateTime } from '@client/lib/date-time';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { localName } from '@shared/local-name';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { StockMoveValues } from './stock-move-form';

const KIND_COLOUR = { receipt: 'teal', issue: 'blue', adjustment: 'orange' } as const;
const KINDS = ['receipt', 'issue', 'adjustment'] as const;
const KIND_NAMES = { cn: { receipt: '入库', issue: '领用', adjustment: '调整' }, en: { receipt: 'Receipt', issue: 'Issue to an order', adjustment: 'Adjustment' } } as const;

/** fall/stock: every stock move, newest first; receipts and adjustments are added here, issues come from reports. */
export default function StockMovesPage() {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const f = (k: KeyOf<Texts['stock']['move']['fields']>) => t(`move.fields.${k}`);
  return (
    <ListPage<StockMoveRow, StockMoveValues>
      key={i18n.language}
      title={t('move.title')}
      resource="stockMove"
      form={() => import('./stock-move-form').then((m) => m.stockMoveForm)}
      queryFields={[
        { name: 'keyword', label: f('keyword') },
        projectQueryField(f('projectId')),
        { name: 'kind', label: f('kind'), render: selectInput(KINDS.map((value) => ({ value, label: KIND_NAMES[lang][value] }))) },
      ]}
      columns={[
        { prop: 'at', label: f('at'), nowrap: true, render: (r) => dateTime(r.at) },
        { prop: 'kind', label: f('kind'), render: (r) => <Badge color={KIND_COLOUR[r.kind]} variant="light">{KIND_NAMES[lang][r.kind]}</Badge> },
        { prop: 'partName', label: f('partId'), render: (r) => (r.partNo ? `${r.partName} (${r.partNo})` : r.partName) },
        { prop: 'storeName', label: f('storeId'), render: (r) => localName(r.storeName, r.storeNameEn, lang) },
        { prop: 'quantity', label: f('quantity'), align: 'right', render: (r) => (r.quantity > 0 ? `+${r.quantity}` : String(r.quantity)) },
        { prop: 'unitCost', label: f('unitCost'), align: 'right', render: (r) => r.unitCost.toFixed(2) },
        { prop: 'orderNumber', label: f('orderNumber'), render: (r) => r.orderNumber ?? '' },
        { prop: 'reason', label: f('reason') },
        { prop: 'by', label: f('by') },
      ]}
    />
  );
}
