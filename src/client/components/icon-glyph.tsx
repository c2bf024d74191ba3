import type { ReactNode } from 'react';
import { icons, type Icon as TablerIcon } from '@tabler/icons-react';

/** kebab-case Tabler name (as the menu table stores it) → component name: 'menu-2' → 'IconMenu2'. */
export function componentName(name: string): string {
  return `Icon${name
    .replace(/^icon-?/i, '')
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

/**
 * Draws any Tabler icon by its name. This module pulls in the whole icon set, so it is only ever
 * loaded lazily: by the menu screen (icon-picker.tsx) and by the side navigation for a menu icon
 * outside its own short list (app/menu-icon.tsx).
 */
export default function IconGlyph({ name, size = 18, fallback = null }: { name: string; size?: number; fallback?: ReactNode }) {
  const byName: Record<string, TablerIcon | undefined> = icons;
  const Glyph = byName[componentName(name)];
  return Glyph ? <Glyph size={size} stroke={1.6} aria-hidden /> : fallback;
}
