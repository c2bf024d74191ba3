import type { ReactNode } from 'react';
import { Button, Grid, Group, Select, TextInput, type ComboboxData } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FORM_GUTTER, GRID_COLUMNS } from '@shared/constants';
import { gridSpan } from '../responsive/breakpoints';
import './query-form.css';

export interface QueryFieldInputProps {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

export interface QueryField {
  name: string;
  label: string;
  /** Value after clearing. @default '' */
  defaultValue?: unknown;
  /** A custom input (select, date range…); a text input otherwise. */
  render?: (props: QueryFieldInputProps) => ReactNode;
}

export interface QueryFormProps {
  fields: QueryField[];
  values: Record<string, unknown>;
  onChange: (values: Record<string, unknown>) => void;
  onQuery: () => void;
  onClear: () => void;
  /** Shows the add button. */
  onAdd?: () => void;
  /** Fields per row on the 24-column grid; must divide 24. @default 4 */
  columns?: number;
}

/**
 * A clearable select as a query field's input (`render: selectInput(options)`): no choice is '' in
 * the query values, as an empty text field is.
 */
export const selectInput =
  (data: ComboboxData, options: { searchable?: boolean } = {}) =>
  (p: QueryFieldInputProps) => (
    <Select label={p.label} clearable {...options} data={data} value={(p.value as string) || null} onChange={(v) => p.onChange(v ?? '')} />
  );

/**
 * The query form of spec §2: fields on the 24-column grid (gutter 12, every label 100px left of its
 * input: query-form.css), query and clear buttons, an optional add button, and a simple/expanded
 * toggle when the fields need more than one row.
 */
export function QueryForm({ fields, values, onChange, onQuery, onClear, onAdd, columns = 4 }: QueryFormProps) {
  const span = gridSpan(columns);
  const { t } = useTranslation('kit');
  const [expanded, { toggle }] = useDisclosure(false);
  // The buttons need half a row; in simple mode the first row keeps that much room for them.
  const half = GRID_COLUMNS / 2;
  const perRow = Math.max(1, Math.floor((GRID_COLUMNS - half) / span));
  const foldable = fields.length > perRow;
  const shown = expanded || !foldable ? fields : fields.slice(0, perRow);
  const left = GRID_COLUMNS - ((shown.length * span) % GRID_COLUMNS);
  const buttonSpan = left >= half ? left : GRID_COLUMNS;

  return (
    <form
      role="search"
      className="cascade-query-form"
      onSubmit={(e) => {
        e.preventDefault();
        onQuery();
      }}
    >
      <Grid columns={GRID_COLUMNS} gap={FORM_GUTTER} mb="sm">
        {shown.map((field) => {
          const set = (value: unknown) => onChange({ ...values, [field.name]: value });
          return (
            <Grid.Col key={field.name} span={{ base: GRID_COLUMNS, sm: span }}>
              {field.render ? (
                field.render({ label: field.label, value: values[field.name], onChange: set })
              ) : (
                <TextInput
                  label={field.label}
                  placeholder={t('query.placeholder', { label: field.label })}
                  value={String(values[field.name] ?? '')}
                  onChange={(e) => set(e.currentTarget.value)}
                />
              )}
            </Grid.Col>
          );
        })}
        <Grid.Col span={{ base: GRID_COLUMNS, sm: buttonSpan }}>
          <Group gap="xs" justify="flex-end">
            <Button type="submit" leftSection={<IconSearch size={14} />}>{t('query.query')}</Button>
            <Button variant="default" leftSection={<IconRefresh size={14} />} onClick={onClear}>{t('query.clear')}</Button>
            {onAdd && <Button variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>{t('query.add')}</Button>}
            {foldable && (
              <Button variant="subtle" onClick={toggle} rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />} aria-expanded={expanded}>
                {expanded ? t('query.collapse') : t('query.expand')}
              </Button>
            )}
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}
