import { Tooltip, type TooltipProps } from '@mantine/core';
import { MantineShell } from './mantine-shell';

/**
 * Mantine's Tooltip on its own chunk, for DeferredTooltip (a dynamic import of @mantine/core would
 * keep all of it). Walls load without Mantine, so it brings its provider and stylesheet along.
 */
export default function HintTooltip(props: TooltipProps) {
  return (
    <MantineShell>
      <Tooltip {...props} />
    </MantineShell>
  );
}
