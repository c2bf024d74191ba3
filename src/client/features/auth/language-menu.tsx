import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LOCALES } from '@shared/constants';
import { setLocale } from '../../lib/i18n';
import { LanguageButton, type LanguageSwitchVariant } from './language-button';

/** The language menu itself (Menu, Popover, floating-ui): its own chunk, loaded when the switch is first used. */
export default function LanguageMenu({ variant, defaultOpened }: { variant: LanguageSwitchVariant; defaultOpened: boolean }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton variant={variant} />
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item key={locale} onClick={() => setLocale(locale)} rightSection={i18n.language === locale ? <IconCheck size={14} /> : null}>
            {t(`languages.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
