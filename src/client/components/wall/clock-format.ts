import type { Locale } from '@shared/constants';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The weekdays as dayjs names them (its zh-cn and en locales), Sunday first: asked of the browser
 * (toLocaleDateString with a weekday), each tick built a date formatter, and the first one loaded the
 * browser's locale data, some 20 ms of the main thread's time as the first frame went on screen.
 */
const WEEKDAYS: Record<Locale, string[]> = {
  cn: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

/**
 * The clock's dayjs formats written without dayjs (YYYY MM DD HH mm ss and the weekday dddd; other
 * characters as they are): the early start keeps the first frame's clock on the viewer's time with it,
 * before the app (and dayjs) has loaded. clock-format.test.ts holds it to dayjs's output.
 */
export function formatClock(date: Date, format: string, language: Locale): string {
  return format.replace(/YYYY|MM|DD|HH|mm|ss|dddd/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(date.getFullYear());
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'DD':
        return pad(date.getDate());
      case 'HH':
        return pad(date.getHours());
      case 'mm':
        return pad(date.getMinutes());
      case 'ss':
        return pad(date.getSeconds());
      default:
        return WEEKDAYS[language][date.getDay()];
    }
  });
}
