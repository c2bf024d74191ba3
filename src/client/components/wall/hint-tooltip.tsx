/** Mantine's Tooltip on its own chunk, for DeferredTooltip (a dynamic import of @mantine/core would keep all of it). */
export { Tooltip as default } from '@mantine/core';
