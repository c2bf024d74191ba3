import { useTranslation } from 'react-i18next';
import { UnstyledButton } from '@mantine/core';
import { runtimeConfig } from '../../lib/runtime-config';
import { CAPTCHA_PATH } from './api/login';

export function newCaptchaId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function captchaUrl(uuid: string): string {
  return `${runtimeConfig().apiHost}${CAPTCHA_PATH}?uuid=${encodeURIComponent(uuid)}`;
}

/** The SVG the server draws for this uuid; a click asks for another one. */
export function CaptchaImage({ uuid, onRefresh }: { uuid: string; onRefresh: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <UnstyledButton
      onClick={onRefresh}
      aria-label={t('login.captchaImage')}
      title={t('login.captchaImage')}
      h={36}
      w={112}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
    >
      <img src={captchaUrl(uuid)} alt={t('login.captcha')} width={112} height={36} style={{ display: 'block', background: '#fff' }} />
    </UnstyledButton>
  );
}
