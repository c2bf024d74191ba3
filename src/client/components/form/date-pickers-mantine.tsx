/**
 * Mantine's date pickers on a chunk of their own (with the calendars they open, some 23 KB gzip),
 * loaded by date-pickers.tsx when a form first draws one. Not part of the kit's chunks (see
 * KIT_MODULES in vite.config.ts), or the list screens would download them with the kit.
 */
export { DateInput, DateTimePicker } from '@mantine/dates';
