import { lazy, Suspense, useState } from 'react';
import { LanguageButton, type LanguageSwitchVariant } from './language-button';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * 中文 / English (spec §1); the choice is saved in localStorage by setLocale. The login page shows this
 * switch, so the menu (Menu, Popover and floating-ui, about a tenth of the login's JavaScript) is
 * fetched when the pointer or focus reaches the button and opened by the first click, not downloaded
 * with the page. vite.config.ts keeps them in the shell's Mantine group, not the sign-in's.
 */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: LanguageSwitchVariant }) {
  const [opened, setOpened] = useState(false);
  const prefetch = () => void loadMenu().catch(() => undefined);
  const button = <LanguageButton variant={variant} onPointerEnter={prefetch} onFocus={prefetch} onClick={() => setOpened(true)} />;
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu variant={variant} defaultOpened />
    </Suspense>
  );
}
