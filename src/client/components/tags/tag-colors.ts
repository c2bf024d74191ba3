import type { MantineColor } from '@mantine/core';
import type { TagColor } from '@shared/dictionaries';

/** The spec's tag colour names (Element-style) mapped onto Mantine colours. */
export const TAG_COLOR_TO_MANTINE: Record<TagColor, MantineColor> = {
  primary: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
  info: 'gray',
  default: 'dark',
  accent: 'violet',
};
