import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, Group, SegmentedControl, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RiskRow, RiskStatus } from '@shared/contracts/risk';
import { RISK_KINDS, RISK_STATUSES } from '@shared/choices';
import type { TrendRange } from '@shared/contracts/detect';
import { localName } from '@shared/local-name';
import { ORDER_STATUS } from '@shared/dictionaries';
import { StatusTag } from '@client/components/tags/status-tag';
import { useCan } from '@client/lib/session';
import { permissionOf } from '@client/lib/resources';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { selectInput } from '@client/components/list-page/query-form';
import { projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { ChannelTrendView, type RangeSwitchProps } from '../../../shared/trend/channel-trend-view';
import { dismissRisk, riskInfoQueryOptions, riskKeys } from './risk-api';

/** Amber for a unit at risk now (broken units are red elsewhere); the closed ones quieter. */
const STATUS_COLOR: Record<RiskStatus, string> = { open: 'orange', recovered: 'teal', dismissed: 'gray', faulted: 'red', resolved: 'green' };

const rangeSwitch = ({ value, onChange, data, label }: RangeSwitchProps) => <SegmentedControl aria-label={label} size="sm" value={value} onChange={(v) => onChange(v as TrendRange)} data={data} />;

/** The unit a finding is about as people name it: its equipment, else its board. */
function unitName(r: Pick<RiskRow, 'equipmentName' | 'equipmentNameEn' | 'boardName' | 'boardNameEn'>, language: string): string {
  return r.equipmentName !== null ? localName(r.equipmentName, r.equipmentNameEn, language) : localName(r.boardName, r.boardNameEn, language);
}

/** One finding: why, in words and numbers, and its channel's trend with the projected crossing marked. */
function RiskTrend({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('work');
  const scheme = useComputedColorScheme('light');
  const info = useQuery(riskInfoQueryOptions(id));
  const r = info.data;
  return (
    <Dialog opened={id !== null} onChange={(open) => !open && onClose()} title={r ? t('risk.trendOf', { unit: unitName(r, i18n.language), ch: r.ch }) : t('risk.trend')} width={980} height="auto" loading={info.isFetching && !r}>
      {r && (
        <Stack gap="sm" data-testid="risk-trend">
          <Group gap="xs">
            <Badge color={STATUS_COLOR[r.status]} variant={r.status === 'open' ? 'filled' : 'light'}>{t(`risk.statuses.${r.status}`)}</Badge>
            <Badge color="gray" variant="outline">{t(`risk.kinds.${r.kind}`)}</Badge>
            <Text fw={600}>{r.reason}</Text>
          </Group>
          <ChannelTrendView
            source={{ kind: 'risk', riskId: r.id, boardId: r.detectId, ch: r.ch }}
            name={localName(r.channelLabel, r.channelLabelEn, i18n.language) || unitName(r, i18n.language)}
            tone={scheme === 'dark' ? 'dark' : 'light'}
            height={340}
            initialRange="7d"
            rangeSwitch={rangeSwitch}
            projectedAt={r.projectedAt}
          />
        </Stack>
      )}
    </Dialog>
  );
}

/**
 * fall/risk: the units the predictive detector finds heading for a fault (docs/predictive.md): why,
 * when it is projected to leave its range, its preventive order; a row opens its channel's trend, and
 * an engineer may say "not a problem" (the channel's tolerance is widened for the detector).
 * `?open=<id>` opens a finding's trend (the link from a preventive order).
 */
export default function RiskPage() {
  const { t, i18n } = useTranslation('work');
  const queryClient = useQueryClient();
  const canDismiss = useCan(permissionOf('risk', 'dismiss'));
  const canView = useCan(permissionOf('risk', 'info'));
  const [params, setParams] = useSearchParams();
  const fromLink = Number(params.get('open'));
  const [showing, setShowing] = useState<number | null>(Number.isInteger(fromLink) && fromLink > 0 ? fromLink : null);
  const close = () => {
    setShowing(null);
    if (params.has('open')) {
      const next = new URLSearchParams(params);
      next.delete('open');
      setParams(next, { replace: true });
    }
  };

  const dismiss = useMutation({
    mutationFn: (id: number) => dismissRisk(id),
    onSuccess: () => {
      toast.success(() => t('risk.dismissed'));
      return queryClient.invalidateQueries({ queryKey: riskKeys.all });
    },
    onError: (e) => {
      toast.error(e.message);
      return queryClient.invalidateQueries({ queryKey: riskKeys.all });
    },
  });

  return (
    <>
      <ReadOnlyList<RiskRow>
        title={t('risk.title')}
        resource="risk"
        queryFields={[
          projectQueryField(t('common.project')),
          { name: 'status', label: t('risk.status'), render: selectInput(RISK_STATUSES.map((s) => ({ value: s, label: t(`risk.statuses.${s}`) }))) },
          { name: 'kind', label: t('risk.kind'), render: selectInput(RISK_KINDS.map((k) => ({ value: k, label: t(`risk.kinds.${k}`) }))) },
        ]}
        columns={[
          {
            prop: 'status',
            label: t('risk.status'),
            nowrap: true,
            render: (r) => (
              <Badge color={STATUS_COLOR[r.status]} variant={r.status === 'open' ? 'filled' : 'light'} data-risk-status={r.status}>
                {t(`risk.statuses.${r.status}`)}
              </Badge>
            ),
          },
          { prop: 'equipmentName', label: t('risk.unit'), render: (r) => `${unitName(r, i18n.language)} · CH${r.ch}` },
          projectColumn(t('common.project'), i18n.language),
          { prop: 'kind', label: t('risk.kind'), nowrap: true, render: (r) => t(`risk.kinds.${r.kind}`) },
          { prop: 'reason', label: t('risk.reason') },
          { prop: 'projectedAt', label: t('risk.projectedAt'), nowrap: true, render: (r) => (r.projectedAt ? when(r.projectedAt) : <Text span c="dimmed" size="sm">{t('risk.noProjection')}</Text>) },
          { prop: 'orderNumber', label: t('risk.order'), nowrap: true, render: (r) =>
              r.orderNumber ? (
                <Group gap={6} wrap="nowrap">
                  <span>{r.orderNumber}</span>
                  {r.orderStatus ? <StatusTag value={r.orderStatus} dict={ORDER_STATUS} /> : null}
                </Group>
              ) : (
                ''
              ),
          },
          { prop: 'detectedAt', label: t('risk.detectedAt'), nowrap: true, render: (r) => when(r.detectedAt) },
          { prop: 'dismissedBy', label: t('risk.dismissedBy'), display: false, render: (r) => (r.dismissedAt ? `${r.dismissedBy} · ${when(r.dismissedAt)}` : '') },
          {
            prop: 'actions',
            label: t('common.actions'),
            ignore: true,
            render: (r) => (
              <Group gap={4} wrap="nowrap">
                {canView ? (
                  <Button size="compact-xs" variant="light" onClick={() => setShowing(r.id)}>
                    {t('risk.trend')}
                  </Button>
                ) : null}
                {r.status === 'open' && canDismiss ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    loading={dismiss.isPending && dismiss.variables === r.id}
                    onClick={async () => {
                      if (await messageBox.confirm(t('risk.confirmDismiss'))) dismiss.mutate(r.id);
                    }}
                  >
                    {t('risk.dismiss')}
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      <RiskTrend id={showing} onClose={close} />
    </>
  );
}

