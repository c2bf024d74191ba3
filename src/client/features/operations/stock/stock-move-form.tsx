import { Grid, SegmentedControl, Input, NumberInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STOCK_MOVE_KIND, stockMoveSaveSchema } from '@shared/contracts/stock';
import type { FormValues } from '@client/components/form/form-values';
import { DateTimePicker } from '@client/components/form/date-pickers';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { PartPicker, StorePicker } from './stock-pickers';

export type StockMoveValues = FormValues<typeof stockMoveSaveSchema>;
const INITIAL: StockMoveValues = { partId: null, storeId: null, kind: 'receipt', quantity: 1, reason: '', at: null };

function StockMoveForm({ form }: FormBodyProps<StockMoveValues>) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const f = (k: KeyOf<Texts['stock']['move']['fields']>) => t(`move.fields.${k}`);
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <Input.Wrapper label={f('kind')} error={form.errors.kind}>
          <SegmentedControl
            display="flex"
            data={STOCK_MOVE_KIND.filter((k) => k.value !== 'issue').map((k) => ({ value: k.value, label: k[lang] }))}
            value={form.values.kind ?? 'receipt'}
            onChange={(v) => form.setFieldValue('kind', v as StockMoveValues['kind'])}
          />
        </Input.Wrapper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PartPicker label={f('partId')} value={form.values.partId} onChange={(v) => form.setFieldValue('partId', v)} error={form.errors.partId as string | undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <StorePicker label={f('storeId')} value={form.values.storeId} onChange={(v) => form.setFieldValue('storeId', v)} error={form.errors.storeId as string | undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput label={f('quantity')} description={t('move.quantityHint')} withAsterisk allowDecimal={false} {...form.getInputProps('quantity')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateTimePicker label={f('at')} clearable withSeconds valueFormat="YYYY-MM-DD HH:mm:ss" {...form.getInputProps('at')} />
      </Grid.Col>
      <Grid.Col span={12}><Textarea label={f('reason')} withAsterisk={form.values.kind === 'adjustment'} rows={2} {...form.getInputProps('reason')} /></Grid.Col>
    </Grid>
  );
}

/** A receipt or an adjustment (stock-move.screen.tsx); moves are never edited. */
export const stockMoveForm: ListForm<StockMoveValues> = { Body: StockMoveForm, schema: stockMoveSaveSchema, initialValues: INITIAL };
