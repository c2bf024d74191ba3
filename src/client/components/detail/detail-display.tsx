import type { ReactNode } from 'react';
import { Grid, Group, Text } from '@mantine/core';
import { DETAIL_LABEL_WIDTH, FORM_GUTTER } from '@shared/constants';
import { gridSpan } from '../responsive/breakpoints';

export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  /** Takes the whole row. */
  full?: boolean;
}

export interface DetailDisplayProps {
  items: DetailItem[];
  /** Items per row; must divide 24. @default 2 */
  columns?: number;
  /** @default 120 */
  labelWidth?: number;
}

/** Read-only label/value pairs (spec §2 detail form display), labels 120px wide on the 24-column grid. */
export function DetailDisplay({ items, columns = 2, labelWidth = DETAIL_LABEL_WIDTH }: DetailDisplayProps) {
  const span = gridSpan(columns);
  return (
    <Grid columns={24} gap={FORM_GUTTER} component="dl" m={0}>
      {items.map((item, i) => (
        <Grid.Col key={i} span={item.full ? 24 : { base: 24, sm: span }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" c="dimmed" ta="right" w={labelWidth} style={{ flex: 'none' }}>
              {item.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
              {item.value ?? ''}
            </Text>
          </Group>
        </Grid.Col>
      ))}
    </Grid>
  );
}
