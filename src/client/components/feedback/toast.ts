import { createElement, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { MESSAGE_DURATION_MS, NOTIFICATION_DURATION_MS } from '@shared/constants';
import { TAG_COLOR_TO_MANTINE } from '../tags/tag-colors';

type Level = 'success' | 'warning' | 'danger' | 'info';
/** A text, or a function that says it in the current language (`() => t('list.saved')`). */
export type ToastText = ReactNode | (() => ReactNode);

/** Says its text again when the language changes, so a toast shown before a switch follows it. */
function LiveText({ text }: { text: () => ReactNode }) {
  useTranslation();
  return createElement(Fragment, null, text());
}

const content = (text: ToastText) => (typeof text === 'function' ? createElement(LiveText, { text }) : text);

/**
 * Short message toasts (3000 ms, top centre) and notifications (4500 ms, top right) of spec §9.
 * They need Mantine's <Notifications /> mounted once by the app providers.
 */
function message(level: Level, text: ToastText) {
  return notifications.show({ message: content(text), color: TAG_COLOR_TO_MANTINE[level], autoClose: MESSAGE_DURATION_MS, position: 'top-center', withCloseButton: false });
}

export const toast = {
  success: (text: ToastText) => message('success', text),
  warning: (text: ToastText) => message('warning', text),
  error: (text: ToastText) => message('danger', text),
  info: (text: ToastText) => message('info', text),
};

export function notify(options: { title?: ToastText; message: ToastText; level?: Level }) {
  return notifications.show({
    title: options.title === undefined ? undefined : content(options.title),
    message: content(options.message),
    color: TAG_COLOR_TO_MANTINE[options.level ?? 'info'],
    autoClose: NOTIFICATION_DURATION_MS,
    position: 'top-right',
  });
}
