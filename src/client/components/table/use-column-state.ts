import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@client/lib/session';
import { columnId, isSpecialColumn, type ColumnPrefs, type TableColumn } from './types';
import { uiPrefQueryOptions, useSaveUiPref } from './ui-pref';

export interface ColumnState<Row> {
  /** Every column, in the chosen order, with its id. */
  ordered: { id: string; column: TableColumn<Row> }[];
  /** The columns shown, in order. */
  visible: { id: string; column: TableColumn<Row> }[];
  isHidden: (id: string) => boolean;
  toggle: (id: string, shown: boolean) => void;
  /** Moves column `from` to where column `to` is. */
  move: (from: string, to: string) => void;
}

function defaults<Row>(columns: TableColumn<Row>[]): ColumnPrefs {
  return {
    order: columns.map(columnId),
    hidden: columns.flatMap((c, i) => (c.display === false ? [columnId(c, i)] : [])),
  };
}

/**
 * Which columns show and in which order. With a `screen` and a signed-in user the choice is read from
 * and saved to the server (GET/POST /sys/ui-pref/{screen}); otherwise it lives in memory.
 */
export function useColumnState<Row>(columns: TableColumn<Row>[], screen?: string): ColumnState<Row> {
  const { token } = useSession();
  const remote = !!screen && !!token;
  const pref = useQuery({ ...uiPrefQueryOptions(screen ?? ''), enabled: remote });
  const save = useSaveUiPref(screen ?? '');
  const [local, setLocal] = useState<ColumnPrefs | null>(null);
  const prefs = local ?? (remote ? pref.data : null) ?? defaults(columns);

  const ordered = useMemo(() => {
    const byId = new Map(columns.map((c, i) => [columnId(c, i), c] as const));
    const ids = [...prefs.order.filter((id) => byId.has(id)), ...[...byId.keys()].filter((id) => !prefs.order.includes(id))];
    return ids.map((id) => ({ id, column: byId.get(id)! }));
  }, [columns, prefs.order]);

  const isHidden = useCallback(
    (id: string) => {
      const column = ordered.find((c) => c.id === id)?.column;
      if (!column || column.display === 'always' || isSpecialColumn(column)) return false;
      return prefs.hidden.includes(id);
    },
    [ordered, prefs.hidden],
  );

  const visible = useMemo(() => ordered.filter((c) => !isHidden(c.id)), [ordered, isHidden]);

  const commit = useCallback(
    (next: ColumnPrefs) => {
      setLocal(next);
      if (remote) save.mutate(next);
    },
    [remote, save],
  );

  const toggle = useCallback(
    (id: string, shown: boolean) => {
      const hidden = shown ? prefs.hidden.filter((h) => h !== id) : [...new Set([...prefs.hidden, id])];
      commit({ order: ordered.map((c) => c.id), hidden });
    },
    [commit, ordered, prefs.hidden],
  );

  const move = useCallback(
    (from: string, to: string) => {
      const order = ordered.map((c) => c.id);
      const a = order.indexOf(from);
      const b = order.indexOf(to);
      if (a < 0 || b < 0 || a === b) return;
      order.splice(b, 0, order.splice(a, 1)[0]);
      commit({ order, hidden: prefs.hidden });
    },
    [commit, ordered, prefs.hidden],
  );

  return { ordered, visible, isHidden, toggle, move };
}
