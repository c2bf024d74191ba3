import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * An edit form filled from its record's answer (`data`, while `editing`): once when it arrives, and
 * again on a newer answer (a live refresh) only while the user has changed nothing, so what they
 * typed is never overwritten under them. `waiting` until the first fill: the form is not shown
 * before, as its defaults would pass for the record's values. `restart` when another record opens.
 */
export function useRecordFill<Values, Data>(form: UseFormReturnType<Values>, editing: boolean, data: Data | undefined, toValues: (data: Data) => Values) {
  const [filledFrom, setFilledFrom] = useState<unknown>(null);
  if (editing && data && filledFrom !== data && (filledFrom === null || !form.isDirty())) {
    setFilledFrom(data);
    const values = toValues(data);
    form.setValues(values);
    form.resetDirty(values);
  }
  return { waiting: editing && filledFrom === null, restart: () => setFilledFrom(null) };
}
