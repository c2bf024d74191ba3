import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@client/components/form/date-pickers';
import { billSchema, type BillRow } from '@shared/contracts/app';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { useDictionary } from '@client/lib/dictionary';
import { CustomerSelect } from './customer-select';

export type BillValues = FormValues<typeof billSchema>;
const initialValues: BillValues = { userId: null, cardNumber: '', amount: null, billType: '1', billRate: '0', billState: '0', at: null, reason: '' };

function BillForm({ form }: FormBodyProps<BillValues>) {
  const { t } = useTranslation('app');
  const type = useDictionary('bill_type');
  const rate = useDictionary('bill_rate');
  const state = useDictionary('bill_state');
  const customer = form.getInputProps('userId');
  return (
    <Stack gap="sm">
      <CustomerSelect label={t('bills.customer')} value={form.values.userId === null ? null : String(form.values.userId)} onChange={(v) => form.setFieldValue('userId', v ? Number(v) : null)} error={customer.error as string | undefined} />
      <TextInput label={t('bills.cardNumber')} withAsterisk inputMode="numeric" {...form.getInputProps('cardNumber')} />
      <NumberInput label={t('bills.amount')} withAsterisk min={0} decimalScale={2} thousandSeparator="," {...form.getInputProps('amount')} value={form.values.amount ?? ''} />
      <Select label={t('bills.billType')} data={type.options} allowDeselect={false} {...form.getInputProps('billType')} />
      <Select label={t('bills.billRate')} data={rate.options} allowDeselect={false} {...form.getInputProps('billRate')} />
      <Select label={t('bills.billState')} data={state.options} allowDeselect={false} {...form.getInputProps('billState')} />
      <DateTimePicker label={t('bills.at')} clearable valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('at')} />
      <Textarea label={t('bills.reason')} rows={2} {...form.getInputProps('reason')} />
    </Stack>
  );
}

/** The bills list's add/edit form, loaded when its dialog first opens (bill.screen.tsx). */
export const billForm: ListForm<BillValues, BillRow> = {
  Body: BillForm,
  schema: billSchema,
  initialValues,
  toFormValues: (row) => ({
    userId: row.userId,
    cardNumber: row.cardNumber,
    amount: row.amount,
    billType: row.billType,
    billRate: row.billRate,
    billState: row.billState,
    at: row.at,
    reason: '',
  }),
};
