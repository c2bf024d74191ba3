/**
 * The notification stack on its own chunk: the providers load it when the first notification is
 * shown (a dynamic import of '@mantine/notifications' itself would keep the whole package in the
 * entry chunk, since the providers import the store from it statically).
 */
export { Notifications as default } from '@mantine/notifications';
