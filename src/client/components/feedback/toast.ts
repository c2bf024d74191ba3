import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGE_DURATION_MS, NOTIFICATION_DURATION_MS } from '@shared/constants';
import { TAG_COLOR_TO_MANTINE } from '../tags/tag-colors';

type Level = 'success' | 'warning' | 'danger' | 'info';

/**
 * Short message toasts (3000 ms, top centre) and notifications (4500 ms, top right) of seed §9.
 * They need Mantine's <Notifications /> mounted once by the app providers.
 */
function message(level: Level, text: ReactNode) {
  return notifications.show({ message: text, color: TAG_COLOR_TO_MANTINE[level], autoClose: MESSAGE_DURATION_MS, position: 'top-center', withCloseButton: false });
}

export const toast = {
  success: (text: ReactNode) => message('success', text),
  warning: (text: ReactNode) => message('warning', text),
  error: (text: ReactNode) => message('danger', text),
  info: (text: ReactNode) => message('info', text),
};

export function notify(options: { title?: ReactNode; message: ReactNode; level?: Level }) {
  return notifications.show({
    title: options.title,
    message: options.message,
    color: TAG_COLOR_TO_MANTINE[options.level ?? 'info'],
    autoClose: NOTIFICATION_DURATION_MS,
    position: 'top-right',
  });
}
