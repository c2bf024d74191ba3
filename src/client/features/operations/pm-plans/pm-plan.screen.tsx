import { useState } from 'react';
import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PmDueRow, PmPlanRow } from '@shared/contracts/pm-plan';
import { localName } from '@shared/local-name';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { projectColumn } from '../../../shared/work-kit/format';
import { ProjectPicker, projectQueryField } from '../../../shared/work-kit/pickers';
import type { PmPlanValues } from './pm-plan-form';
import { pmDueQueryOptions } from './pm-plan-api';

const TRIGGER_COLOUR = { calendar: 'blue', meter: 'grape', season: 'teal' } as const;

type Rule = Pick<PmPlanRow, 'trigger' | 'calendar' | 'meter' | 'season'>;

/** A plan's trigger in words: "Every 2 weeks, from completion", "Run-hours reach 2000", "Before the season ends, 14 days". */
function ruleText(r: Rule, t: TFunction<'plans'>): string {
  if (r.calendar) {
    const c = r.calendar;
    const from = t(`calendar.froms.${c.from}`);
    if (c.unit === 'weekday') return t('describe.weekday', { every: c.every, weekday: t(`weekdays.d${(c.weekday ?? 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7}`), from });
    return t('describe.calendar', { every: c.every, unit: t(`units.${c.unit}`), from });
  }
  if (r.meter) return t('describe.meter', { kind: t(`meter.kinds.${r.meter.kind}`), limit: r.meter.limit });
  if (r.season) return t('describe.season', { when: t(`season.whens.${r.season.when}`), days: r.season.days });
  return '';
}

/** What one project's plans have due next, soonest first (GET /ball/fallpmplan/due). */
function DueNext() {
  const { t, i18n } = useTranslation('plans');
  const [projectId, setProjectId] = useState<number | null>(null);
  const due = useQuery(pmDueQueryOptions(projectId));
  const when = (r: PmDueRow) => {
    if (r.meter) return t('due.meterOf', { value: r.meterValue ?? 0, limit: r.meter.limit });
    if (r.dueDate) return r.dueDate;
    return t(r.waiting === 'awaiting' ? 'due.awaiting' : 'due.none');
  };
  return (
    <Card withBorder padding="sm" data-testid="pm-due">
      <Group justify="space-between" align="flex-end" mb="xs">
        <Title order={5}>{t('due.title')}</Title>
        <div style={{ minWidth: 280 }}>
          <ProjectPicker label={t('projectId')} value={projectId} onChange={setProjectId} />
        </div>
      </Group>
      {projectId === null ? (
        <Text size="sm" c="dimmed">{t('due.project')}</Text>
      ) : due.isPending ? (
        <Loader size="sm" />
      ) : !due.data?.length ? (
        <Text size="sm" c="dimmed">{t('due.empty')}</Text>
      ) : (
        <Table striped withTableBorder verticalSpacing={4} aria-label={t('due.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('due.plan')}</Table.Th>
              <Table.Th>{t('due.unit')}</Table.Th>
              <Table.Th>{t('due.dueDate')}</Table.Th>
              <Table.Th>{t('due.opensOn')}</Table.Th>
              <Table.Th>{t('due.lead')}</Table.Th>
              <Table.Th>{t('due.trigger')}</Table.Th>
              <Table.Th>{t('due.order')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {due.data.map((r) => (
              <Table.Tr key={`${r.planId}-${r.equipmentId ?? 0}`}>
                <Table.Td>{localName(r.planName, r.planNameEn, i18n.language)}</Table.Td>
                <Table.Td>{r.equipmentName ? localName(r.equipmentName, r.equipmentNameEn ?? '', i18n.language) : t('due.wholeProject')}</Table.Td>
                <Table.Td>{when(r)}</Table.Td>
                <Table.Td>{r.opensOn ?? '—'}</Table.Td>
                <Table.Td>{t('due.days', { count: r.leadDays })}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge variant="light" color={TRIGGER_COLOUR[r.trigger]}>{t(`triggers.${r.trigger}`)}</Badge>
                    <Text size="xs">{ruleText(r, t)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{r.openOrderNumber ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** fall/pm-plan: preventive plans and what they have due next (docs/maintenance.md "Preventive plans"). */
export default function PmPlanPage() {
  const { t, i18n } = useTranslation('plans');
  return (
    <Stack gap="sm">
      <DueNext />
      <ListPage<PmPlanRow, PmPlanValues>
        key={i18n.language}
        title={t('title')}
        resource="pmPlan"
        form={() => import('./pm-plan-form').then((m) => m.pmPlanForm)}
        queryFields={[
          { name: 'keyword', label: t('keyword') },
          projectQueryField(t('projectId')),
          { name: 'trigger', label: t('trigger'), render: selectInput((['calendar', 'meter', 'season'] as const).map((value) => ({ value, label: t(`triggers.${value}`) }))) },
        ]}
        columns={[
          projectColumn(t('projectId'), i18n.language),
          { prop: 'name', label: t('name'), render: (r) => localName(r.name, r.nameEn, i18n.language) },
          {
            prop: 'target',
            label: t('covers'),
            render: (r) =>
              r.target === 'unit'
                ? localName(r.equipmentName ?? '', r.equipmentNameEn ?? '', i18n.language)
                : r.target === 'model'
                  ? `${t('targets.model')}: ${localName(r.deviceName ?? '', r.deviceNameEn ?? '', i18n.language)}`
                  : t('targets.project'),
          },
          { prop: 'trigger', label: t('trigger'), render: (r) => <Badge variant="light" color={TRIGGER_COLOUR[r.trigger]}>{t(`triggers.${r.trigger}`)}</Badge> },
          { prop: 'rule', label: t('rule'), render: (r) => ruleText(r, t) },
          { prop: 'leadDays', label: t('leadDays') },
          { prop: 'checklistName', label: t('checklistId'), render: (r) => (r.checklistName ? localName(r.checklistName, r.checklistNameEn ?? '', i18n.language) : '') },
          { prop: 'orders', label: t('orders') },
        ]}
      />
    </Stack>
  );
}
