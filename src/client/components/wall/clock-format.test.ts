import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { formatClock } from './clock-format';

describe('formatClock', () => {
  it('writes the wall clock’s formats as dayjs does, in both languages, on every day of a week', () => {
    for (let day = 0; day < 7; day++) {
      const date = new Date(2026, 10, 22 + day, 9, 5, 7 + day);
      for (const format of ['HH:mm:ss', 'YYYY-MM-DD dddd']) {
        expect(formatClock(date, format, 'cn')).toBe(dayjs(date).locale('zh-cn').format(format));
        expect(formatClock(date, format, 'en')).toBe(dayjs(date).locale('en').format(format));
      }
    }
  });
});
