import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ActionIcon, Box, Checkbox, Group, Loader, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MIN_COLUMN_WIDTH,
  ROW_HEIGHTS,
  SELECTION_COLUMN_WIDTH,
  SCROLL_DISTANCE,
  SCROLL_THROTTLE_MS,
  TABLE_HEADER_HEIGHT,
  TABLE_MODES,
  TABLE_PAGER_LAYOUT,
  TREE_INDENT,
  type RowSize,
  type TableMode,
} from '@shared/constants';
import { DeveloperError } from '../developer-error';
import { ColumnChooser } from './column-chooser';
import { TablePager } from './table-pager';
import { isSpecialColumn, type RowKey, type TableColumn } from './types';
import { useColumnState, type ColumnState } from './use-column-state';
import { moveItem, useDragSort } from './use-drag-sort';
import { useTableLoader, type PageQueryOptions, type TableLoader, type TableLoadResult } from './use-table-loader';
import './data-table.css';

export interface DataTableProps<Row> {
  columns: TableColumn<Row>[];
  /** 'pager' (default), 'scroll' (infinite loading) or 'virtual' (windowed rows); anything else is a developer error. */
  mode?: TableMode;
  /** Loads a page; either response shape of spec §3. Use `data` instead for rows already at hand. */
  loader?: TableLoader<Row>;
  /** Rows at hand (paged client-side in pager mode). */
  data?: Row[];
  /** Loads through the query cache under this key, so invalidating it reloads the table. */
  queryKey?: QueryKey;
  /**
   * The page query of a resource (`queryOptions` from its feature's api module, e.g.
   * listApi(base).listQueryOptions): takes the place of `loader` and `queryKey`.
   */
  pageQuery?: (page: number, pageSize: number) => PageQueryOptions<Row>;
  /** Starts again from page 1 when this changes. */
  reloadKey?: string;
  onLoadSuccess?: (result: TableLoadResult<Row>) => void;
  onLoadError?: (error: unknown) => void;
  /** @default 10 */
  pageSize?: number;
  /** @default 'total, ->, prev, pager, next' */
  pagerLayout?: string;
  /** Field or function giving each row a stable key; required for tree tables. Falls back to `id`, then the index. */
  rowKey?: string | ((row: Row) => RowKey);
  /** Field holding child rows: makes this a tree table (needs `rowKey`). */
  childrenKey?: string;
  /** Row height: default 48, medium 44, small 41, mini 37. */
  size?: RowSize;
  /** Height of the scrolling area in scroll and virtual modes. */
  height?: CSSProperties['height'];
  title?: ReactNode;
  toolbarExtra?: ReactNode;
  /** Shows the column chooser in the toolbar. @default true when there is a toolbar */
  columnChooser?: boolean;
  /** Drag rows to reorder them; `onRowSort` receives the new order. */
  rowSortable?: boolean;
  onRowSort?: (rows: Row[]) => void;
  /**
   * Drag a row onto another (any depth of a tree): called with the dragged row's key and the key of
   * the row it was dropped on, the table itself changes nothing (a tree re-parents on the server).
   */
  onRowDrop?: (dragged: RowKey, target: RowKey) => void;
  /** Drag header cells to reorder columns. */
  columnSortable?: boolean;
  /** Remembers column choices and order for this screen on the server. */
  screen?: string;
  /** Column state owned by the caller (ListPage shares it with its export). */
  columnState?: ColumnState<Row>;
  selectedKeys?: RowKey[];
  onSelectionChange?: (keys: RowKey[], rows: Row[]) => void;
  /** Accessible name of the table. */
  label?: string;
}

interface FlatRow<Row> {
  row: Row;
  key: RowKey;
  depth: number;
  hasChildren: boolean;
}

function read(row: unknown, prop: string | undefined): unknown {
  return prop ? (row as Record<string, unknown>)[prop] : undefined;
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A column's width: the declared one, never below MIN_COLUMN_WIDTH, except the checkbox column, which
 * holds one checkbox and takes SELECTION_COLUMN_WIDTH (at 80 px it took room the columns beside it needed).
 */
function columnWidth<Row>(column: TableColumn<Row>): number | undefined {
  if (column.type === 'selection') return column.width ?? SELECTION_COLUMN_WIDTH;
  return column.width !== undefined ? Math.max(column.width, MIN_COLUMN_WIDTH) : undefined;
}
const minWidthOf = <Row,>(column: TableColumn<Row>) => (column.type === 'selection' ? (column.width ?? SELECTION_COLUMN_WIDTH) : MIN_COLUMN_WIDTH);

function widthStyle<Row>(column: TableColumn<Row>): CSSProperties {
  return { width: columnWidth(column), minWidth: minWidthOf(column) };
}

/**
 * The edge a fixed column shows towards the columns that scroll under it: without it a sticky actions
 * column looked as if it sat on the column beneath (the English order list's "Reports").
 */
const FIXED_LEFT_EDGE = '4px 0 4px -2px rgba(0, 0, 0, 0.12)';
const FIXED_RIGHT_EDGE = '-4px 0 4px -2px rgba(0, 0, 0, 0.12)';

/** Sticky offsets for fixed columns, from the widths of the fixed columns before (or after) them. */
function fixedStyles<Row>(columns: TableColumn<Row>[]): CSSProperties[] {
  const styles: CSSProperties[] = columns.map(() => ({}));
  const widthOf = (c: TableColumn<Row>) => columnWidth(c) ?? MIN_COLUMN_WIDTH;
  let left = 0;
  columns.forEach((c, i) => {
    if (c.fixed === true || c.fixed === 'left') {
      styles[i] = { position: 'sticky', left, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: FIXED_LEFT_EDGE };
      left += widthOf(c);
    }
  });
  let right = 0;
  for (let i = columns.length - 1; i >= 0; i--) {
    if (columns[i].fixed === 'right') {
      styles[i] = { position: 'sticky', right, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: FIXED_RIGHT_EDGE };
      right += widthOf(columns[i]);
    }
  }
  return styles;
}

/** The data table of spec §2/§4: pager, scroll or virtual, with toolbar, column chooser and drag-sorting. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, mode = 'pager', data, loader, rowKey, childrenKey, size = 'default', title, toolbarExtra, label } = props;
  if (!(TABLE_MODES as readonly string[]).includes(mode)) throw new DeveloperError(`table mode must be one of ${TABLE_MODES.join(', ')}, got '${String(mode)}'`);
  if (childrenKey && !rowKey) throw new DeveloperError('a tree table (childrenKey) needs a rowKey');
  const { t } = useTranslation('kit');
  const ownState = useColumnState(columns, props.screen);
  const columnState = props.columnState ?? ownState;
  const rowHeight = ROW_HEIGHTS[size];

  const dataLoader = useCallback<TableLoader<Row>>(
    (page, pageSize) => {
      if (loader) return loader(page, pageSize);
      const rows = data ?? [];
      return Promise.resolve(mode === 'virtual' ? { list: rows, total: rows.length } : { list: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length });
    },
    [loader, data, mode],
  );
  const dataKey = loader || props.pageQuery ? (props.reloadKey ?? '') : `${props.reloadKey ?? ''}|${data?.length ?? 0}`;
  const [dataVersion, setDataVersion] = useState(0);
  const previousData = useRef(data);
  useEffect(() => {
    if (previousData.current !== data) {
      previousData.current = data;
      setDataVersion((v) => v + 1);
    }
  }, [data]);

  const table = useTableLoader<Row>({
    loader: dataLoader,
    pageQuery: props.pageQuery,
    mode,
    pageSize: props.pageSize,
    queryKey: props.queryKey,
    reloadKey: `${dataKey}|${dataVersion}`,
    onSuccess: props.onLoadSuccess,
    onError: props.onLoadError,
  });

  const keyOf = useCallback(
    (row: Row, index: number): RowKey => {
      if (typeof rowKey === 'function') return rowKey(row);
      const value = read(row, rowKey ?? 'id');
      return typeof value === 'string' || typeof value === 'number' ? value : index;
    },
    [rowKey],
  );

  const [expanded, setExpanded] = useState<Set<RowKey>>(() => new Set());
  const flat = useMemo(() => {
    const out: FlatRow<Row>[] = [];
    const walk = (rows: Row[], depth: number) =>
      rows.forEach((row, i) => {
        const children = childrenKey ? (read(row, childrenKey) as Row[] | undefined) : undefined;
        const key = keyOf(row, out.length + i);
        out.push({ row, key, depth, hasChildren: !!children?.length });
        if (children?.length && expanded.has(key)) walk(children, depth + 1);
      });
    walk(table.list, 0);
    return out;
  }, [table.list, childrenKey, keyOf, expanded]);

  const [ownSelection, setOwnSelection] = useState<Map<RowKey, Row>>(() => new Map());
  const selectedKeys = props.selectedKeys ?? [...ownSelection.keys()];
  const selectedSet = new Set(selectedKeys);
  const select = (changes: FlatRow<Row>[], on: boolean) => {
    const next = new Map(ownSelection);
    if (props.selectedKeys) {
      for (const key of props.selectedKeys) if (!next.has(key)) {
        const hit = flat.find((f) => f.key === key);
        if (hit) next.set(key, hit.row);
      }
      for (const key of [...next.keys()]) if (!props.selectedKeys.includes(key)) next.delete(key);
    }
    for (const f of changes) {
      if (on) next.set(f.key, f.row);
      else next.delete(f.key);
    }
    setOwnSelection(next);
    props.onSelectionChange?.([...next.keys()], [...next.values()]);
  };

  const visible = columnState.visible.map((v) => v.column);
  const visibleIds = columnState.visible.map((v) => v.id);
  const fixed = fixedStyles(visible);
  const treeColumn = childrenKey ? visible.findIndex((c) => !isSpecialColumn(c)) : -1;
  const indexBase = mode === 'pager' ? (table.page - 1) * table.pageSize : 0;
  // Virtual rows are absolutely positioned flex rows: no table layout pass over the whole body per frame.
  // Cells set vertical-align themselves: the browser's own `td { vertical-align: inherit }` made every
  // cell of a row restyle whenever its row moved (a row's `top` is what changes on scroll).
  const virtual = mode === 'virtual';
  const flexCell = (column: TableColumn<Row>): CSSProperties =>
    virtual
      ? {
          display: 'flex',
          alignItems: 'center',
          justifyContent: column.align === 'right' ? 'flex-end' : column.align === 'center' ? 'center' : undefined,
          verticalAlign: 'middle',
          flex: columnWidth(column) ? `0 0 ${columnWidth(column)}px` : '1 1 0',
          minWidth: minWidthOf(column),
          overflow: 'hidden',
          whiteSpace: 'nowrap',
        }
      : {};
  const flexRow: CSSProperties = virtual ? { display: 'flex', width: '100%' } : {};
  const cellStyles = visible.map((column, i): CSSProperties => ({ ...fixed[i], textAlign: column.align, whiteSpace: column.nowrap ? 'nowrap' : undefined, ...flexCell(column) }));
  // The width under which the table scrolls sideways rather than squeezing: every column's declared width.
  const tableMinWidth = visible.reduce((sum, c) => sum + (columnWidth(c) ?? MIN_COLUMN_WIDTH), 0);

  const rowSort = useDragSort<RowKey>((from, to) => {
    const a = table.list.findIndex((r, i) => keyOf(r, i) === from);
    const b = table.list.findIndex((r, i) => keyOf(r, i) === to);
    if (a < 0 || b < 0) return;
    const next = moveItem(table.list, a, b);
    table.setList(next);
    props.onRowSort?.(next);
  }, !!props.rowSortable);
  const rowDrop = useDragSort<RowKey>((from, to) => props.onRowDrop?.(from, to), !!props.onRowDrop);
  const rowDrag = props.onRowDrop ? rowDrop : props.rowSortable ? rowSort : null;
  const columnSort = useDragSort<string>(columnState.move, !!props.columnSortable);

  const pageRows = flat;
  const allOnPage = pageRows.length > 0 && pageRows.every((f) => selectedSet.has(f.key));
  const someOnPage = pageRows.some((f) => selectedSet.has(f.key));

  const header = (
    <Table.Tr style={{ height: TABLE_HEADER_HEIGHT, ...flexRow }} aria-rowindex={virtual ? 1 : undefined}>
      {visible.map((column, i) => {
        const id = visibleIds[i];
        const sortProps = props.columnSortable ? columnSort.itemProps(id) : {};
        return (
          <Table.Th key={id} style={{ ...widthStyle(column), ...fixed[i], textAlign: column.align, ...flexCell(column) }} {...sortProps} title={props.columnSortable ? t('table.dragColumn') : undefined}>
            {column.type === 'selection' ? (
              <Checkbox size="xs" aria-label={t('table.selectAll')} checked={allOnPage} indeterminate={!allOnPage && someOnPage} onChange={(e) => select(pageRows, e.currentTarget.checked)} />
            ) : column.type === 'index' ? (
              (column.label ?? t('table.index'))
            ) : column.type === 'handle' ? (
              (column.label ?? t('table.actions'))
            ) : (
              column.label
            )}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );

  const renderCell = (f: FlatRow<Row>, rowIndex: number, column: TableColumn<Row>, i: number) => {
    let content: ReactNode;
    if (column.type === 'selection') {
      content = <Checkbox size="xs" aria-label={t('table.selectRow')} checked={selectedSet.has(f.key)} onChange={(e) => select([f], e.currentTarget.checked)} />;
    } else if (column.type === 'index') {
      content = indexBase + rowIndex + 1;
    } else {
      content = column.render ? column.render(f.row, rowIndex) : cellText(read(f.row, column.prop));
    }
    if (i === treeColumn) {
      const open = expanded.has(f.key);
      content = (
        <Group gap={4} wrap="nowrap" style={{ paddingLeft: f.depth * TREE_INDENT }}>
          {f.hasChildren ? (
            <ActionIcon
              size="xs"
              variant="subtle"
              aria-label={open ? t('table.collapse') : t('table.expand')}
              aria-expanded={open}
              onClick={() =>
                setExpanded((prev) => {
                  const next = new Set(prev);
                  if (open) next.delete(f.key);
                  else next.add(f.key);
                  return next;
                })
              }
            >
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          ) : (
            <Box w={TREE_INDENT} />
          )}
          {content}
        </Group>
      );
    }
    // Plain cells with Mantine's table classes: virtual mode renders rows on every scroll frame.
    return (
      <td key={visibleIds[i]} className={Table.classes.td} style={cellStyles[i]}>
        {content}
      </td>
    );
  };

  // A virtual row (with a position) is keyed by its slot outside, so the <tr> is reused for the next row.
  const renderRow = (f: FlatRow<Row>, rowIndex: number, position?: CSSProperties) => (
    <tr
      key={position ? undefined : f.key}
      className={Table.classes.tr}
      data-hover
      data-with-row-border={virtual ? undefined : true}
      style={{
        height: rowHeight,
        ...flexRow,
        ...position,
        ...(virtual && rowIndex < flat.length - 1 ? VIRTUAL_ROW_BORDER : undefined),
        background: selectedSet.has(f.key) ? 'var(--mantine-primary-color-light)' : undefined,
      }}
      aria-rowindex={virtual ? rowIndex + 2 : undefined}
      {...(rowDrag ? rowDrag.itemProps(f.key) : {})}
      title={rowDrag ? t(props.onRowDrop ? 'table.dropRow' : 'table.dragRow') : undefined}
    >
      {visible.map((column, i) => renderCell(f, rowIndex, column, i))}
    </tr>
  );

  const emptyRow =
    !table.loading && flat.length === 0 ? (
      <Table.Tr>
        <Table.Td colSpan={Math.max(visible.length, 1)} style={{ textAlign: 'center', height: rowHeight * 2 }}>
          <Text size="sm" c={table.error ? 'red' : 'dimmed'}>
            {table.error ? (table.error instanceof Error && table.error.message) || t('table.error') : t('table.empty')}
          </Text>
        </Table.Td>
      </Table.Tr>
    ) : null;

  // Pager mode before its first answer: the body is empty, so the overlay over it has no room for its
  // text; the loading text stands where the rows will be (spec §9: 正在拼命加载...), and the pager
  // names no total until one is known, rather than "No Data · Total 0".
  const firstLoad = table.loading && flat.length === 0;
  const loadingRow = firstLoad ? (
    <Table.Tr>
      <Table.Td colSpan={Math.max(visible.length, 1)} style={{ textAlign: 'center', height: rowHeight * 2 }}>
        <Group justify="center" gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('table.loading')}</Text>
        </Group>
      </Table.Td>
    </Table.Tr>
  ) : null;

  const hasToolbar = !!(title || toolbarExtra || props.columnChooser);
  const toolbar = hasToolbar ? (
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <Text fw={600}>{title}</Text>
      <Group gap="xs">
        {toolbarExtra}
        {props.columnChooser !== false && <ColumnChooser state={columnState} />}
      </Group>
    </Group>
  ) : null;

  const tableProps = { stickyHeader: true, highlightOnHover: true, withTableBorder: true, 'aria-label': label ?? (typeof title === 'string' ? title : undefined), 'aria-busy': table.loading };
  const loadingOverlay = (
    <LoadingOverlay
      visible={table.loading && !(mode === 'pager' && firstLoad)}
      zIndex={2}
      overlayProps={{ blur: 1 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('table.loading')}</Text>
          </Stack>
        ),
      }}
    />
  );

  if (mode === 'virtual') {
    return (
      <Box>
        {toolbar}
        <Box pos="relative">
          {loadingOverlay}
          <VirtualBody
            onEnd={props.pageQuery ? table.loadMore : undefined}
            rows={flat}
            rowHeight={rowHeight}
            height={props.height}
            header={header}
            tableProps={tableProps}
            emptyRow={emptyRow}
            renderRow={renderRow}
            minWidth={tableMinWidth}
          />
        </Box>
        {props.pageQuery && (
          <Text size="sm" c="dimmed" ta="right" py={4} data-testid="table-virtual-count">
            {table.loading ? t('table.scrollLoading') : t('table.loadedOf', { loaded: COUNT_FORMAT.format(flat.length), total: COUNT_FORMAT.format(table.total) })}
          </Text>
        )}
      </Box>
    );
  }

  if (mode === 'scroll') {
    return (
      <Box>
        {toolbar}
        <ScrollBody height={props.height} onEnd={table.loadMore} finished={table.finished}>
          <Table {...tableProps} layout="fixed">
            <Table.Thead>{header}</Table.Thead>
            <Table.Tbody>
              {flat.map((f, i) => renderRow(f, i))}
              {emptyRow}
            </Table.Tbody>
          </Table>
          {table.loading && <Text size="sm" c="dimmed" ta="center" py="xs">{t('table.scrollLoading')}</Text>}
          {table.finished && flat.length > 0 && <Text size="sm" c="dimmed" ta="center" py="xs">{t('table.noMore')}</Text>}
        </ScrollBody>
      </Box>
    );
  }

  return (
    <Box>
      {toolbar}
      <Box pos="relative">
        {loadingOverlay}
        <Table.ScrollContainer minWidth={tableMinWidth} type="native">
          <Table {...tableProps}>
            <Table.Thead>{header}</Table.Thead>
            <Table.Tbody>
              {flat.map((f, i) => renderRow(f, i))}
              {loadingRow ?? emptyRow}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <TablePager
        total={table.total}
        totalKnown={!firstLoad}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        layout={props.pagerLayout ?? TABLE_PAGER_LAYOUT}
      />
    </Box>
  );
}

/** Scroll mode: asks for the next batch when the end comes into view (throttled, distance 0). */
function ScrollBody({ height, onEnd, finished, children }: { height?: CSSProperties['height']; onEnd: () => void; finished: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const check = useThrottledCallback(() => {
    const el = ref.current;
    if (!el || finished) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_DISTANCE) onEnd();
  }, SCROLL_THROTTLE_MS);
  return (
    <Box ref={ref} h={height} style={{ overflow: 'auto' }} onScroll={check} data-testid="table-scroll">
      {children}
    </Box>
  );
}

interface VirtualBodyProps<Row> {
  rows: FlatRow<Row>[];
  rowHeight: number;
  height?: CSSProperties['height'];
  header: ReactNode;
  tableProps: Record<string, unknown>;
  emptyRow: ReactNode;
  renderRow: (f: FlatRow<Row>, index: number, position?: CSSProperties) => ReactNode;
  minWidth: number;
  /** Called when the rows in view come near the last loaded row (loads the next batch). */
  onEnd?: () => void;
}

/**
 * Virtual rows draw their own bottom border: Mantine drops it on the last <tr> of the body, and with
 * recycled rows the last in the DOM is any row on screen.
 */
const VIRTUAL_ROW_BORDER: CSSProperties = { borderBottom: 'calc(0.0625rem * var(--mantine-scale)) solid var(--table-border-color)' };

/** Counts as the pager writes them (2,040). */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** Rows kept rendered above and below the ones in view. */
const VIRTUAL_OVERSCAN = 2;
// An opaque scroller: the browser then rasterises the scrolled-in strip without blending it over the
// page behind (about half the raster work per frame in headless Chromium).
const VIRTUAL_SCROLL_STYLE: CSSProperties = { overflow: 'auto', contain: 'strict', background: 'var(--mantine-color-body)' };
const VIRTUAL_HEAD_STYLE: CSSProperties = { display: 'block', position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-body)' };

/** Virtual mode: only the rows in view (plus a few) are in the DOM, each placed at its offset. */
function VirtualBody<Row>({ rows, rowHeight, height, header, tableProps, emptyRow, renderRow, minWidth, onEnd }: VirtualBodyProps<Row>) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  return (
    <Box ref={setScrollElement} h={height} style={VIRTUAL_SCROLL_STYLE} data-testid="table-virtual">
      <Table {...tableProps} aria-rowcount={rows.length + 1} style={{ display: 'block', minWidth }}>
        <Table.Thead style={VIRTUAL_HEAD_STYLE}>{header}</Table.Thead>
        <Table.Tbody style={{ display: 'block', position: 'relative', height: rows.length * rowHeight }}>
          <VirtualRows scrollElement={scrollElement} rows={rows} rowHeight={rowHeight} renderRow={renderRow} onEnd={onEnd} />
          {emptyRow}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/**
 * Which rows are in view: the first row under the header and how many fit, followed on scroll and
 * resize. Rows all have the same height, so this is arithmetic, not measurement. The scroll listener
 * renders synchronously, so rows that scroll into view are there in the same frame.
 */
function useVirtualWindow(scrollElement: HTMLElement | null, count: number, rowHeight: number) {
  const [viewport, setViewport] = useState(0);
  const [topRow, setTopRow] = useState(0);
  const topRowRef = useRef(0);
  useLayoutEffect(() => {
    if (!scrollElement) return;
    const measure = () => setViewport(scrollElement.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement]);
  useLayoutEffect(() => {
    if (!scrollElement) return;
    const read = () => Math.floor(scrollElement.scrollTop / rowHeight);
    topRowRef.current = read();
    setTopRow(topRowRef.current);
    const onScroll = () => {
      const next = read();
      if (next === topRowRef.current) return;
      topRowRef.current = next;
      flushSync(() => setTopRow(next));
    };
    scrollElement.addEventListener('scroll', onScroll, { passive: true });
    return () => scrollElement.removeEventListener('scroll', onScroll);
  }, [scrollElement, rowHeight]);
  const pool = Math.min(count, Math.ceil(viewport / rowHeight) + 1 + 2 * VIRTUAL_OVERSCAN);
  const first = Math.max(0, Math.min(topRow - VIRTUAL_OVERSCAN, count - pool));
  return { first, pool };
}

/**
 * The windowed rows, recycled: row `i` always renders in slot `i % pool`, and the slots keep their
 * place in the DOM. Scrolling re-renders only this component and, of the rows, only the slots whose
 * row changed; no row element is inserted, removed or moved, so the browser restyles and lays out just
 * those rows (an insertion among the rows made it restyle all of them: the global stylesheet has
 * sibling-position rules such as `tr:last-of-type td`). The DOM order is therefore rotated; each row
 * carries aria-rowindex (and the table aria-rowcount) so assistive technology reads the true order.
 */
function VirtualRows<Row>({ scrollElement, rows, rowHeight, renderRow, onEnd }: { scrollElement: HTMLDivElement | null } & Pick<VirtualBodyProps<Row>, 'rows' | 'rowHeight' | 'renderRow' | 'onEnd'>) {
  const { first, pool } = useVirtualWindow(scrollElement, rows.length, rowHeight);
  useFocusLeavesRecycledRow(scrollElement);
  // The window reaches the last loaded rows: ask for the next batch (the loader ignores the call
  // while one is loading or when all are there).
  const nearEnd = rows.length > 0 && first + pool >= rows.length - VIRTUAL_OVERSCAN;
  useEffect(() => {
    if (nearEnd) onEnd?.();
  }, [nearEnd, rows.length, onEnd]);
  if (pool <= 0) return null;
  const slots = new Array<number>(pool);
  for (let i = first; i < first + pool; i++) slots[i % pool] = i;
  return (
    <>
      {slots.map((index, slot) => (
        <VirtualRow key={slot} render={renderRow} row={rows[index]} index={index} top={index * rowHeight} />
      ))}
    </>
  );
}

/**
 * A focused control (a row's checkbox, a button) whose slot was given another row would act on that
 * other row: it loses the focus instead, as it would if its row had been removed from the DOM.
 */
function useFocusLeavesRecycledRow(scrollElement: HTMLElement | null) {
  const focusedRow = useRef<string | null>(null);
  useEffect(() => {
    if (!scrollElement) return;
    const onFocus = (event: FocusEvent) => {
      focusedRow.current = (event.target as Element).closest('tr')?.getAttribute('aria-rowindex') ?? null;
    };
    scrollElement.addEventListener('focusin', onFocus);
    return () => scrollElement.removeEventListener('focusin', onFocus);
  }, [scrollElement]);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !scrollElement?.contains(active)) return;
    const row = active.closest('tr')?.getAttribute('aria-rowindex');
    if (row && row !== focusedRow.current) active.blur();
  });
}

interface VirtualRowProps<Row> {
  render: (f: FlatRow<Row>, index: number, position?: CSSProperties) => ReactNode;
  row: FlatRow<Row>;
  index: number;
  top: number;
}

/**
 * One slot: renders again only when it gets another row (or the table itself re-rendered). Placed by
 * `top` (a transform would fight the drag-sort animation) inside full containment: a row that moves or
 * changes is restyled, laid out and repainted on its own, without repainting the rows around it.
 */
const VirtualRow = memo(function VirtualRow<Row>({ render, row, index, top }: VirtualRowProps<Row>) {
  return <>{render(row, index, { position: 'absolute', top, left: 0, contain: 'strict' })}</>;
}) as <Row>(props: VirtualRowProps<Row>) => ReactNode;
