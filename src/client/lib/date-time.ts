import dayjs from 'dayjs';

/** An instant as operators read it, in local time: `2026-11-24 08:30`, with seconds where a log needs them. */
export function dateTime(v: string | Date | null | undefined, opts: { seconds?: boolean } = {}): string {
  return v ? dayjs(v).format(opts.seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '';
}
