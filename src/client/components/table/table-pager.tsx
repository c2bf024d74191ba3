import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, TABLE_PAGER_LAYOUT } from '@shared/constants';

export interface TablePagerProps {
  total: number;
  /** False while the first answer is awaited: the total part shows nothing rather than "Total 0". @default true */
  totalKnown?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Comma-separated parts: total, sizes, prev, pager, next, and '->' which pushes the rest to the right. */
  layout?: string;
  pageSizes?: readonly number[];
}

/** Totals read like the dashboard's counts: 2,040, not 2040. */
const totalFormat = new Intl.NumberFormat('en-US');

/** The pager of spec §9, laid out from its layout string ('total, ->, prev, pager, next' by default). */
export function TablePager({ total, totalKnown = true, page, pageSize, onPageChange, onPageSizeChange, layout = TABLE_PAGER_LAYOUT, pageSizes = PAGE_SIZES }: TablePagerProps) {
  const { t } = useTranslation('kit');
  const parts = layout.split(',').map((p) => p.trim());
  const split = parts.indexOf('->');
  const left = split < 0 ? parts : parts.slice(0, split);
  const right = split < 0 ? [] : parts.slice(split + 1);
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const render = (part: string) => {
    switch (part) {
      case 'total':
        if (!totalKnown) return null;
        return <Text key={part} size="sm" c="dimmed">{t('table.total', { total: totalFormat.format(total) })}</Text>;
      case 'sizes':
        return (
          <Select
            key={part}
            size="xs"
            w="8rem"
            aria-label={t('table.pageSizeLabel')}
            allowDeselect={false}
            data={pageSizes.map((s) => ({ value: String(s), label: t('table.pageSize', { size: s }) }))}
            value={String(pageSize)}
            onChange={(v) => v && onPageSizeChange(Number(v))}
          />
        );
      case 'prev':
        return <Pagination.Previous key={part} aria-label={t('table.prevPage')} />;
      case 'pager':
        return <Pagination.Items key={part} />;
      case 'next':
        return <Pagination.Next key={part} aria-label={t('table.nextPage')} />;
      default:
        return null;
    }
  };

  return (
    <Pagination.Root total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap" mt="xs">
        <Group gap="xs">{left.map(render)}</Group>
        <Group gap={4}>{right.map(render)}</Group>
      </Group>
    </Pagination.Root>
  );
}
