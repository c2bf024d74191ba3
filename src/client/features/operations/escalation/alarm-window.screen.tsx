import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { WindowRow } from '@shared/contracts/alarm-window';
import type { Weekday } from '@shared/local-time';
import { ListPage } from '@client/components/list-page/list-page';
import { projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { WindowValues } from './window-form';

/** fall/alarm-window: each project's alarm maintenance windows (docs/alarms.md "Maintenance windows"). */
export default function AlarmWindowPage() {
  const { t, i18n } = useTranslation('work');
  const days = (list: readonly number[]) => (list.length === 7 ? t('window.everyDay') : list.map((d) => t(`oncall.weekdays.d${d as Weekday}`)).join(' '));
  const when = (r: WindowRow) =>
    r.kind === 'dates' ? `${r.dateFrom} → ${r.dateTo}` : r.slots.map((s) => `${days(s.days)} ${s.start}–${s.end}`).join('; ');
  return (
    <ListPage<WindowRow, WindowValues>
      key={i18n.language}
      title={t('window.title')}
      resource="alarmWindow"
      form={() => import('./window-form').then((m) => m.windowForm)}
      queryFields={[{ name: 'keyword', label: t('window.keyword') }, projectQueryField(t('window.projectId'))]}
      columns={[
        projectColumn(t('window.projectId'), i18n.language),
        { prop: 'name', label: t('window.name') },
        { prop: 'kind', label: t('window.kind'), render: (r) => t(`window.kinds.${r.kind}`) },
        { prop: 'slots', label: t('window.when'), render: when },
        { prop: 'timeZone', label: t('oncall.timeZone') },
        {
          prop: 'active',
          label: t('window.state'),
          render: (r) =>
            r.active ? (
              <Badge color="blue" variant="light" data-testid="window-active">
                {t('window.activeUntil', { time: dayjs(r.activeUntil).format('MM-DD HH:mm') })}
              </Badge>
            ) : (
              <Badge color="gray" variant="outline">{t('window.idle')}</Badge>
            ),
        },
        { prop: 'reason', label: t('window.reason') },
      ]}
    />
  );
}
