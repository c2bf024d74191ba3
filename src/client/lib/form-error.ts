import type { ReactNode } from 'react';
import { tMessage } from './i18n';

/**
 * Form errors hold the shared message keys of the contracts (`v.required`); they are translated
 * when shown, so switching the language re-words errors already on screen.
 */
export function withMessage<T extends { error?: ReactNode }>(props: T): T {
  return typeof props.error === 'string' ? { ...props, error: tMessage(props.error) } : props;
}
