import type { ComponentType } from 'react';
import { ICON_THEMES, type IconTheme } from '@shared/constants';
import { DeveloperError } from '../developer-error';
import { TAG_COLOR_TO_MANTINE } from '../tags/tag-colors';

export interface IconProps {
  /** A Tabler icon (or any component taking size and color). */
  icon: ComponentType<{ size?: number | string; color?: string; 'aria-label'?: string; role?: string }>;
  /** default | success | warning | danger | info | primary; anything else is a developer error. */
  theme?: IconTheme;
  size?: number | string;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}

/** An icon coloured by theme (spec §5 "Icon theme"). */
export function Icon({ icon: Glyph, theme = 'default', size = '1em', label }: IconProps) {
  if (!(ICON_THEMES as readonly string[]).includes(theme)) throw new DeveloperError(`icon theme must be one of ${ICON_THEMES.join(', ')}, got '${String(theme)}'`);
  const color = theme === 'default' ? 'currentColor' : `var(--mantine-color-${TAG_COLOR_TO_MANTINE[theme]}-filled)`;
  return (
    <span data-theme={theme} style={{ display: 'inline-flex', color }} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <Glyph size={size} color={color} />
    </span>
  );
}
