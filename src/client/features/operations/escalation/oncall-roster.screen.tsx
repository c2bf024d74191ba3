import { useTranslation } from 'react-i18next';
import type { RosterRow } from '@shared/contracts/oncall';
import { localName } from '@shared/local-name';
import { ListPage } from '@client/components/list-page/list-page';
import { projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { RosterValues } from './roster-form';

/** fall/oncall: a project's on-call rosters, their people and weekly hours (docs/escalation.md "Rosters"). */
export default function OncallRosterPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<RosterRow, RosterValues>
      key={i18n.language}
      title={t('oncall.title')}
      resource="oncallRoster"
      form={() => import('./roster-form').then((m) => m.rosterForm)}
      queryFields={[{ name: 'keyword', label: t('oncall.keyword') }, projectQueryField(t('oncall.projectId'))]}
      columns={[
        projectColumn(t('oncall.projectId'), i18n.language),
        { prop: 'tier', label: t('oncall.tier'), align: 'right' },
        { prop: 'name', label: t('oncall.name') },
        {
          prop: 'people',
          label: t('oncall.people'),
          render: (r) => r.people.map((p) => localName(p.realName, p.realNameEn, i18n.language) || p.username).join(', '),
        },
        { prop: 'timeZone', label: t('oncall.timeZone') },
      ]}
    />
  );
}
