import { Text } from '@mantine/core';

const GROUP = 4;

/** Groups a card number's digits in fours: 6222021234567890 → 6222 0212 3456 7890. */
export function formatCardNumber(value: string | number | null | undefined): string {
  const digits = String(value ?? '').replace(/\s+/g, '');
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += GROUP) groups.push(digits.slice(i, i + GROUP));
  return groups.join(' ');
}

export function CardNumber({ value }: { value: string | number | null | undefined }) {
  return (
    <Text component="span" ff="monospace" size="sm">
      {formatCardNumber(value)}
    </Text>
  );
}
