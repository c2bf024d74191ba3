import 'i18next';
import type { MessageKey } from '@shared/messages';
import type cn from './cn';

/**
 * i18next's keys are typed from the Chinese resources (English has the same keys: en/index.ts checks
 * it), so `t('users.titel')` or `useTranslation('sysadmn')` fails `npm run typecheck`. The shared
 * messages namespace is typed by the catalogue's own keys (src/shared/messages.ts).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Omit<typeof cn, 'messages'> & { messages: Record<MessageKey, string> };
    returnNull: false;
    strictKeyChecks: true;
    strictInterpolationChecks: true;
  }
}
