import { Grid, Select, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@client/components/form/date-pickers';
import { useTranslation } from 'react-i18next';
import { orderSaveSchema } from '@shared/contracts/order';
import { ORDER_PRIORITY } from '@shared/dictionaries';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { FilesField } from '../../../components/form/file-field';
import { ChecklistPicker, EquipmentPicker, ProjectPicker } from '../../../shared/work-kit/pickers';
import { AssigneePicker } from '../../../shared/assignment/assignee-picker';
import { useCan } from '@client/lib/session';

/** The order form holds a draft of what the save contract takes. */
export type OrderValues = FormValues<typeof orderSaveSchema>;

export const orderInitialValues: OrderValues = {
  name: '',
  description: '',
  submitter: '',
  contact: '',
  submittedAt: null,
  projectId: null,
  equipmentId: null,
  priority: 'normal',
  files: [],
  checklistId: null,
  assigneeId: null,
};

/** One form body for adding and editing an order. */
export function OrderForm({ form }: FormBodyProps<OrderValues>) {
  const { t, i18n } = useTranslation('work');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const projectId = form.values.projectId;
  const canAssign = useCan('fall-order#assign');
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput label={t('order.name')} withAsterisk {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <ProjectPicker
          label={t('common.project')}
          value={projectId}
          error={form.errors.projectId as string | undefined}
          onChange={(id) => {
            form.setFieldValue('projectId', id);
            form.setFieldValue('equipmentId', null);
          }}
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <EquipmentPicker label={t('common.equipment')} projectId={projectId} value={form.values.equipmentId} error={form.errors.equipmentId as string | undefined} onChange={(id) => form.setFieldValue('equipmentId', id)} />
      </Grid.Col>
      <Grid.Col span={6}>
        <Select label={t('order.priority')} data={ORDER_PRIORITY.map((p) => ({ value: p.value, label: p[lang] }))} allowDeselect={false} {...form.getInputProps('priority')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <DateTimePicker label={t('order.submittedAt')} clearable valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('submittedAt')} />
      </Grid.Col>
      {canAssign && (
        <Grid.Col span={12}>
          <AssigneePicker projectId={projectId} value={form.values.assigneeId} error={form.errors.assigneeId as string | undefined} onChange={(id) => form.setFieldValue('assigneeId', id)} />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <ChecklistPicker label={t('order.checklist')} value={form.values.checklistId} error={form.errors.checklistId as string | undefined} onChange={(id) => form.setFieldValue('checklistId', id)} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput label={t('order.submitter')} {...form.getInputProps('submitter')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput label={t('order.contact')} {...form.getInputProps('contact')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label={t('order.description')} rows={3} {...form.getInputProps('description')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <FilesField label={t('common.files')} ownerType="fall_order" value={form.values.files} error={form.errors.files as string | undefined} onChange={(ids) => form.setFieldValue('files', ids)} />
      </Grid.Col>
    </Grid>
  );
}

/** The add/edit form of the orders list, loaded when its dialog first opens (order.screen.tsx). */
export const orderForm: ListForm<OrderValues> = { Body: OrderForm, schema: orderSaveSchema, initialValues: orderInitialValues };
