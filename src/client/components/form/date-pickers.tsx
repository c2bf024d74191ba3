import { lazy, Suspense, type ComponentType } from 'react';
import { TextInput } from '@mantine/core';
import type { DateInputProps, DateTimePickerProps } from '@mantine/dates';

const load = () => import('./date-pickers-mantine');

type FieldFrame = Pick<DateTimePickerProps, 'label' | 'description' | 'error' | 'withAsterisk' | 'placeholder'>;

/** The field's frame (label, hint, error), empty and read-only, for the moment the pickers arrive. */
function Waiting({ label, description, error, withAsterisk, placeholder }: FieldFrame) {
  return <TextInput label={label} description={description} error={error} withAsterisk={withAsterisk} placeholder={placeholder} readOnly />;
}

/** One of Mantine's pickers, drawn as its field's frame until the pickers' chunk has arrived. */
function lazyPicker<P extends FieldFrame>(name: 'DateTimePicker' | 'DateInput') {
  const Picker = lazy<ComponentType<P>>(() => load().then((m) => ({ default: m[name] as unknown as ComponentType<P> })));
  return function LazyPicker(props: P) {
    return (
      <Suspense fallback={<Waiting {...props} />}>
        <Picker {...props} />
      </Suspense>
    );
  };
}

/**
 * Mantine's DateTimePicker and DateInput for the forms, loaded when a form first draws one: a list
 * screen opens without them, its add and edit dialogs bring them. (A list whose filter bar shows a
 * date draws it at once, and imports Mantine's own.)
 */
const MantineDateTimePicker = lazyPicker<DateTimePickerProps>('DateTimePicker');

/**
 * The date-time picker of the forms. Its time is picked with the mouse too: Mantine's time field
 * alone takes only typed digits, so it opens its list of hours, minutes and seconds, drawn inside the
 * calendar's dropdown (not in a portal of its own, where a click would count as outside the calendar
 * and close it before the time is taken).
 */
export function DateTimePicker(props: DateTimePickerProps) {
  const { timePickerProps, ...rest } = props;
  return <MantineDateTimePicker {...rest} timePickerProps={{ withDropdown: true, ...timePickerProps, popoverProps: { withinPortal: false, ...timePickerProps?.popoverProps } }} />;
}
export const DateInput = lazyPicker<DateInputProps>('DateInput');
