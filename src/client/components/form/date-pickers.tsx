import { lazy, Suspense, type ComponentType } from 'react';
import { TextInput } from '@mantine/core';
import type { DateInputProps, DateTimePickerProps } from '@mantine/dates';

const load = () => import('./date-pickers-mantine');
const MantineDateTimePicker = lazy<ComponentType<DateTimePickerProps>>(() => load().then((m) => ({ default: m.DateTimePicker })));
const MantineDateInput = lazy<ComponentType<DateInputProps>>(() => load().then((m) => ({ default: m.DateInput })));

type FieldFrame = Pick<DateTimePickerProps, 'label' | 'description' | 'error' | 'withAsterisk' | 'placeholder'>;

/** The field's frame (label, hint, error), empty and read-only, for the moment the pickers arrive. */
function Waiting({ label, description, error, withAsterisk, placeholder }: FieldFrame) {
  return <TextInput label={label} description={description} error={error} withAsterisk={withAsterisk} placeholder={placeholder} readOnly />;
}

/**
 * Mantine's DateTimePicker and DateInput for the forms, loaded when a form first draws one: a list
 * screen opens without them, its add and edit dialogs bring them. (A list whose filter bar shows a
 * date draws it at once, and imports Mantine's own.)
 */
export function DateTimePicker(props: DateTimePickerProps) {
  return (
    <Suspense fallback={<Waiting {...props} />}>
      <MantineDateTimePicker {...props} />
    </Suspense>
  );
}

export function DateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<Waiting {...props} />}>
      <MantineDateInput {...props} />
    </Suspense>
  );
}
