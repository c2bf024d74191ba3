import { useState } from 'react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog/dialog';
import { toast } from '../feedback/toast';
import { pickFormValues } from '../form/form-values';
import { useRecordFill } from '../form/use-record-fill';
import { fieldErrors, zodResolver } from '../form/zod-resolver';
import type { ListApi } from './list-api';
import type { Editing, ListForm } from './list-page';

export interface ListEditorProps<Row, Values> {
  form: ListForm<Values, Row>;
  editing: Editing;
  title: string;
  resource: ListApi<Row, Values>;
  onClose: () => void;
  /** After a save: the list refreshes. */
  onSaved: () => Promise<unknown>;
}

/**
 * ListPage's add/edit dialog, a chunk of its own with the screen's form (ListPageProps.form): the form
 * state (@mantine/form), the record an edit starts from, the contract's validation and the save.
 * Mounted from the first opening on; each opening starts afresh from the initial values, or waits for
 * its record (not showing the defaults as the record's).
 */
export function ListEditor<Row, Values extends Record<string, unknown>>({ form: def, editing, title, resource, onClose, onSaved }: ListEditorProps<Row, Values>) {
  const { t } = useTranslation('kit');
  const { Body, initialValues, toFormValues } = def;
  const form = useForm<Values>({ mode: 'controlled', initialValues, validate: zodResolver(def.schema) });
  const editId = editing?.mode === 'edit' ? editing.id : null;
  const info = useQuery({ ...resource.infoQueryOptions(editId ?? ''), enabled: editId !== null });
  // The edit form shows once the record filled it (the dialog's spinner only shows after a short
  // delay, so a slow answer showed the defaults, "Pump" for a nozzle, as the record's).
  const record = useRecordFill(form, editId !== null, info.data, (data) => (toFormValues ? toFormValues(data) : pickFormValues(data as object, initialValues)));
  const [openedFor, setOpenedFor] = useState<Editing>(null);
  if (editing !== openedFor) {
    setOpenedFor(editing);
    if (editing) {
      form.setValues(initialValues);
      form.clearErrors();
      record.restart();
    }
  }

  const save = useMutation({
    mutationFn: (values: Values) => (editId !== null ? resource.update({ ...values, id: editId }) : resource.save(values)),
    onSuccess: () => {
      toast.success(() => t('list.saved'));
      onClose();
      return onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(fieldErrors(error.fields));
      else toast.error(error.message);
    },
  });
  const submit = form.onSubmit((values) => save.mutate(values));

  return (
    <Dialog
      opened={editing !== null}
      onChange={(open) => !open && onClose()}
      title={title}
      footer
      onOk={submit}
      confirmLoading={save.isPending}
      loading={editId !== null && info.isFetching}
      // Closing asks before it loses what was typed (not while saving: a save closes it itself).
      dirty={!record.waiting && !save.isPending && form.isDirty()}
    >
      <form
        aria-busy={record.waiting}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {editing && !record.waiting && <Body form={form} mode={editing.mode} />}
      </form>
    </Dialog>
  );
}
