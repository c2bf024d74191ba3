import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';

export type LanguageSwitchVariant = 'subtle' | 'white' | 'default';

/** The button of the language switch, showing the current language. */
export const LanguageButton = forwardRef<HTMLButtonElement, { variant: LanguageSwitchVariant } & Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'>>(
  function LanguageButton({ variant, ...rest }, ref) {
    const { t, i18n } = useTranslation('common');
    return (
      <Button
        ref={ref}
        {...rest}
        variant={variant}
        color={variant === 'white' ? 'dark' : 'gray'}
        size="compact-sm"
        leftSection={<IconLanguage size={16} />}
        aria-label={t('language')}
      >
        {t(`languages.${i18n.language === 'en' ? 'en' : 'cn'}`)}
      </Button>
    );
  },
);
