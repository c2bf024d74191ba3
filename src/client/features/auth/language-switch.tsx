import { useTranslation } from 'react-i18next';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LOCALES } from '@shared/constants';
import { setLocale } from '../../lib/i18n';

/** 中文 / English (seed §1); the choice is saved in localStorage by setLocale. */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'white' | 'default' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          color={variant === 'white' ? 'dark' : 'gray'}
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          aria-label={t('language')}
        >
          {t(`languages.${i18n.language === 'en' ? 'en' : 'cn'}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            onClick={() => setLocale(locale)}
            rightSection={i18n.language === locale ? <IconCheck size={14} /> : null}
          >
            {t(`languages.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
