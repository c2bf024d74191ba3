import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarRow } from '@shared/contracts/calendar';
import type { Weekday } from '@shared/local-time';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { CalendarValues } from './calendar-form';

const KIND_COLOUR = { programme: 'blue', season: 'gray', holiday: 'orange', event: 'grape' } as const;

/** fall/calendar: each project's operating calendar (docs/maintenance.md "Operating calendar"). */
export default function CalendarPage() {
  const { t, i18n } = useTranslation('work');
  const days = (list: readonly number[]) => (list.length === 7 ? t('window.everyDay') : list.map((d) => t(`oncall.weekdays.d${d as Weekday}`)).join(' '));
  const when = (r: CalendarRow) => {
    if (r.kind === 'programme') {
      const hours = r.slots.map((s) => `${days(s.days)} ${s.start}–${s.end}`).join('; ');
      return r.dateFrom ? `${hours} (${r.dateFrom} → ${r.dateTo})` : hours;
    }
    if (r.kind === 'event') return `${r.dateFrom} ${r.timeFrom}–${r.timeTo}`;
    return r.dateFrom === r.dateTo ? String(r.dateFrom) : `${r.dateFrom} → ${r.dateTo}`;
  };
  return (
    <ListPage<CalendarRow, CalendarValues>
      key={i18n.language}
      title={t('calendar.title')}
      resource="calendar"
      form={() => import('./calendar-form').then((m) => m.calendarForm)}
      queryFields={[
        { name: 'keyword', label: t('calendar.keyword') },
        projectQueryField(t('calendar.projectId')),
        { name: 'kind', label: t('calendar.kind'), render: selectInput((['programme', 'season', 'holiday', 'event'] as const).map((value) => ({ value, label: t(`calendar.kinds.${value}`) }))) },
      ]}
      columns={[
        projectColumn(t('calendar.projectId'), i18n.language),
        {
          prop: 'kind',
          label: t('calendar.kind'),
          render: (r) => (
            <Badge color={KIND_COLOUR[r.kind]} variant="light">
              {t(`calendar.kinds.${r.kind}`)}
            </Badge>
          ),
        },
        { prop: 'name', label: t('calendar.name') },
        { prop: 'slots', label: t('calendar.when'), render: when },
        { prop: 'timeZone', label: t('oncall.timeZone') },
        { prop: 'remark', label: t('calendar.remark') },
      ]}
    />
  );
}
