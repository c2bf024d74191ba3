import { useTranslation } from 'react-i18next';
import type { ReportRow } from '@shared/contracts/report';
import { REPAIR_RESULT } from '@shared/dictionaries';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { StatusTag } from '@client/components/tags/status-tag';
import { projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import type { ReportValues } from '../../../shared/work-kit/report-fields';

/** fall/report: repair reports; filing one moves its order (the server does it in one transaction). */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('work');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  return (
    <ListPage<ReportRow, ReportValues>
      key={i18n.language}
      title={t('report.title')}
      resource="report"
      form={() => import('./report-form').then((m) => m.reportForm)}
      queryFields={[
        { name: 'repairer', label: t('report.repairer') },
        projectQueryField(t('common.project')),
        { name: 'result', label: t('report.result'), render: selectInput(REPAIR_RESULT.map((s) => ({ value: s.value, label: s[lang] }))) },
      ]}
      columns={[
        { prop: 'orderNumber', label: t('report.order'), display: 'always', width: 170, nowrap: true },
        { prop: 'orderName', label: t('order.name') },
        projectColumn(t('common.project'), i18n.language),
        { prop: 'repairer', label: t('report.repairer') },
        { prop: 'repairAt', label: t('report.repairAt'), nowrap: true, render: (r) => when(r.repairAt) },
        { prop: 'durationHours', label: t('report.durationHours'), align: 'right' },
        { prop: 'completedAt', label: t('report.completedAt'), nowrap: true, render: (r) => when(r.completedAt) },
        { prop: 'result', label: t('report.result'), render: (r) => <StatusTag value={r.result} dict={REPAIR_RESULT} /> },
      ]}
    />
  );
}
