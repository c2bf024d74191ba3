import { useTranslation } from 'react-i18next';
import type { EscalationRecipientRow } from '@shared/contracts/escalation';
import { ESCALATION_CHANNELS } from '@shared/choices';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { projectColumn } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { RecipientValues } from './recipient-form';

/** fall/escalation: who is told, per project and level, when an alarm stays unacknowledged (docs/escalation.md). */
export default function EscalationRecipientsPage() {
  const { t, i18n } = useTranslation('work');
  return (
    <ListPage<EscalationRecipientRow, RecipientValues>
      key={i18n.language}
      title={t('escalation.title')}
      resource="escalationRecipient"
      form={() => import('./recipient-form').then((m) => m.recipientForm)}
      queryFields={[
        { name: 'keyword', label: t('escalation.keyword') },
        projectQueryField(t('escalation.projectId')),
        { name: 'channel', label: t('escalation.channel'), render: selectInput(ESCALATION_CHANNELS.map((c) => ({ value: c, label: t(`escalation.channels.${c}`) }))) },
      ]}
      columns={[
        projectColumn(t('escalation.projectId'), i18n.language),
        { prop: 'level', label: t('escalation.level'), align: 'right' },
        { prop: 'channel', label: t('escalation.channel'), render: (r) => t(`escalation.channels.${r.channel}`) },
        { prop: 'target', label: t('escalation.target') },
        { prop: 'name', label: t('escalation.name') },
      ]}
    />
  );
}
