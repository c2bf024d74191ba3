import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PolicyRow } from '@shared/contracts/oncall';
import { ListPage } from '@client/components/list-page/list-page';
import { keysOf } from '@client/lib/resource-keys';
import { projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { fetchRosterOptions } from './oncall-api';
import type { PolicyValues } from './policy-form';

/** fall/escpolicy: each project's escalation policy, its steps and re-notification (docs/escalation.md "Policies"). */
export default function EscalationPolicyPage() {
  const { t, i18n } = useTranslation('work');
  const rosters = useQuery({ queryKey: keysOf('oncallRoster').options('all'), queryFn: () => fetchRosterOptions(null) });
  const rosterName = (id: number | null) => (id === null ? t('policy.noRoster') : (rosters.data?.find((r) => r.value === String(id))?.label ?? `#${id}`));
  return (
    <ListPage<PolicyRow, PolicyValues>
      key={i18n.language}
      title={t('policy.title')}
      resource="escalationPolicy"
      form={() => import('./policy-form').then((m) => m.policyForm)}
      queryFields={[{ name: 'keyword', label: t('policy.keyword') }, projectQueryField(t('policy.projectId'))]}
      columns={[
        projectColumn(t('policy.projectId'), i18n.language),
        { prop: 'name', label: t('policy.name') },
        {
          prop: 'steps',
          label: t('policy.steps'),
          render: (r) => r.steps.map((s) => t('policy.stepLine', { minutes: s.minutes, roster: rosterName(s.rosterId) })).join('; '),
        },
        { prop: 'renotifyMinutes', label: t('policy.renotifyMinutes'), align: 'right' },
      ]}
    />
  );
}
