import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A filter another screen opened the list with (the statistics screen's drill-down: `?statMetric=
 * completed&statFrom=…`): read from the route's query, applied on top of the query form, shown as a
 * banner until cleared. Only the names the list accepts are read; the rest of the query is ignored.
 */
export function useDrillFilter(names: readonly string[]): { filter: Record<string, string | number> | null; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const key = names.map((n) => `${n}=${params.get(n) ?? ''}`).join('&');
  const filter = useMemo(() => {
    const out: Record<string, string | number> = {};
    for (const n of names) {
      const v = params.get(n);
      if (v !== null && v !== '') out[n] = /Id$/.test(n) && /^\d+$/.test(v) ? Number(v) : v;
    }
    return Object.keys(out).length ? out : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const n of names) next.delete(n);
    setParams(next, { replace: true });
  };
  return { filter, clear };
}

/** The banner of a drill-down filter: what opened the list, and a button that shows the whole list again. */
export function DrillBanner({ label, onClear }: { label?: string; onClear: () => void }) {
  const { t } = useTranslation('kit');
  return (
    <Alert variant="light" color="blue" p="xs" data-drill-filter>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{label ?? t('list.drillFilter')}</Text>
        <Button size="compact-xs" variant="subtle" onClick={onClear}>
          {t('list.drillClear')}
        </Button>
      </Group>
    </Alert>
  );
}
