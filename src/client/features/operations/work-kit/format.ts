import dayjs from 'dayjs';

/** Instants as operators read them, in local time. */
export const when = (v: string | Date | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
