import { useMemo, useState } from 'react';
import type { QueryField } from './query-form';

type Values = Record<string, unknown>;
const asIs = (values: Values) => values;

/**
 * The state behind a list's query form: the values being edited, and the query the table shows.
 * Query applies the edited values; Reset puts both back to the fields' defaults. `toQuery` turns form
 * values into the query model (drop empty values, dates …). Spread `form` into the QueryForm.
 */
export function useListQuery(fields: QueryField[], toQuery: (values: Values) => Values = asIs) {
  const empty = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? ''])), [fields]);
  const [draft, setDraft] = useState<Values>(empty);
  const [query, setQuery] = useState<Values>(() => toQuery(empty));
  return {
    query,
    form: {
      values: draft,
      onChange: setDraft,
      onQuery: () => setQuery(toQuery(draft)),
      onClear: () => {
        setDraft(empty);
        setQuery(toQuery(empty));
      },
    },
  };
}
