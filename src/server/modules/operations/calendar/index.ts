import type { AppInstance } from '../../../app-instance';
import { calendarRoutes } from './calendar.routes';

/** fall/calendar: each project's operating calendar (docs/maintenance.md "Operating calendar"). */
export async function calendarModule(app: AppInstance): Promise<void> {
  await calendarRoutes(app);
}

export { calendarOf, calendarsOf, programmedShowTime, showNowOf, type ProjectCalendar } from './calendar.service';
