import { lazy, Suspense, useRef, useState } from 'react';
import { Select, TextInput, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SELECT_SEARCH_DEBOUNCE_MS } from '@shared/constants';

export interface SelectOption {
  value: string;
  label: string;
}

interface BaseProps {
  /** Options matching the search text (empty text: the first options). */
  loader: (search: string) => Promise<SelectOption[]>;
  /** Cache key of the options, starting with the resource path, e.g. ['/ball/fallproject', 'options']. */
  queryKey: QueryKey;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
}

export interface RemoteSelectSingleProps extends BaseProps {
  multiple?: false;
  value: string | null;
  onChange: (value: string | null) => void;
}

export interface RemoteSelectMultipleProps extends BaseProps {
  multiple: true;
  value: string[];
  onChange: (value: string[]) => void;
  /** At most this many values; 0 means unlimited. @default 0 */
  limit?: number;
}

export type RemoteSelectProps = RemoteSelectSingleProps | RemoteSelectMultipleProps;

// The multiple mode's input (with its pills), loaded when one is drawn: the lists' pickers are single.
const MultiSelect = lazy(() => import('./multi-select'));

/** The server filters, so the dropdown shows what it answered. */
const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * A select that searches the server as the user types (debounced 300 ms), single or multiple with a
 * limit, and says why the list is empty: loading, no match or no data.
 */
export function RemoteSelect(props: RemoteSelectProps) {
  const { t } = useTranslation('kit');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SELECT_SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: [...props.queryKey, { search: debounced }],
    queryFn: () => props.loader(debounced),
    placeholderData: keepPreviousData,
  });
  // Selected options stay labelled even when the current search no longer returns them.
  const known = useRef(new Map<string, SelectOption>());
  for (const o of options.data ?? []) known.current.set(o.value, o);
  const selected = props.multiple ? props.value : props.value ? [props.value] : [];
  const data = [...(options.data ?? [])];
  for (const v of selected) if (!data.some((o) => o.value === v)) data.push(known.current.get(v) ?? { value: v, label: v });

  const pending = options.isFetching || search !== debounced;
  const empty = pending ? t('select.loading') : debounced ? t('select.noMatch') : t('select.noData');
  const common = {
    label: props.label,
    placeholder: props.placeholder ?? t('select.placeholder'),
    disabled: props.disabled,
    error: props.error,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: serverFiltered,
    nothingFoundMessage: empty,
    clearable: true,
  };

  if (props.multiple) {
    const limit = props.limit ?? 0;
    return (
      <Suspense fallback={<TextInput label={props.label} placeholder={common.placeholder} disabled />}>
        <MultiSelect
          {...common}
          value={props.value}
          onChange={props.onChange}
          maxValues={limit > 0 ? limit : undefined}
          description={limit > 0 ? t('select.limit', { limit }) : undefined}
        />
      </Suspense>
    );
  }
  return <Select {...common} value={props.value} onChange={(v) => props.onChange(v)} />;
}
