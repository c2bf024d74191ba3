import { Text, Tooltip, type TextProps } from '@mantine/core';

export interface EllipsisProps extends Omit<TextProps, 'lineClamp'> {
  children: string;
  /** Lines shown before the text is cut. @default 1 */
  lines?: number;
}

/** Text cut with an ellipsis after `lines` lines, the whole text in a tooltip. */
export function Ellipsis({ children, lines = 1, ...rest }: EllipsisProps) {
  return (
    <Tooltip label={children} multiline maw="30rem" withinPortal openDelay={0}>
      {lines === 1 ? (
        <Text truncate="end" {...rest}>
          {children}
        </Text>
      ) : (
        <Text lineClamp={lines} {...rest}>
          {children}
        </Text>
      )}
    </Tooltip>
  );
}
