import { useState } from 'react';
import { Badge, Button, Group, NumberInput, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPRESSED_BY, type WarningRow } from '@shared/contracts/warning';
import { WARNING_LEVELS } from '@shared/constants';
import { DEAL_RESULTS, WARNING_RESULTS } from '@shared/choices';
import { useCan } from '@client/lib/session';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { ReadOnlyList } from '@client/components/read-only-list/read-only-list';
import { useDrillFilter } from '@client/components/list-page/drill-filter';
import { selectInput } from '@client/components/list-page/query-form';
import { projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { ackWarning, dealWarning, shelveWarning, unshelveWarning, warningKeys, warningNoticesQueryOptions } from './detect-api';
import { ApiError } from '@client/lib/api';
import { localName } from '@shared/local-name';
import { permissionOf } from '@client/lib/resources';

/** The statistics screen's drill-down into warnings (by days, level, board, channel faults and those predicted, and its filters). */
const WARNING_DRILL = ['statFrom', 'statTo', 'level', 'detectId', 'kind', 'predicted', 'projectId', 'area', 'country', 'category'] as const;

const LEVEL_COLOR = { info: 'blue', warning: 'orange', critical: 'red' } as const;
const NOTICE_COLOR = { pending: 'yellow', sent: 'green', failed: 'red', refused: 'gray', cancelled: 'gray', grouped: 'teal' } as const;
const SUPPRESSED_COLOR = { shelved: 'yellow', out_of_service: 'gray', board_offline: 'gray', maintenance: 'blue' } as const;
/** What the shelve dialog offers first (the server holds it to alarm.shelveMaxMinutes). */
const SHELVE_DEFAULT_MINUTES = 60;

/**
 * Why a warning does not sound (docs/alarms.md): shelved (until when, by whom, why), its unit out of
 * service, its board offline, its project in a maintenance window. On a closed warning it says what it was suppressed by when it closed.
 */
function SuppressedBadge({ w }: { w: WarningRow }) {
  const { t } = useTranslation('work');
  if (!w.suppressedBy) return null;
  const label = t(`warning.suppressedBy.${w.suppressedBy}`);
  const title = w.suppressedBy === 'shelved' && w.shelvedUntil ? t('warning.shelvedUntil', { time: dayjs(w.shelvedUntil).format('MM-DD HH:mm'), by: w.shelvedBy, reason: w.shelveReason }) : label;
  return (
    <Badge color={SUPPRESSED_COLOR[w.suppressedBy]} variant="light" title={title} data-testid="warning-suppressed" data-suppressed-by={w.suppressedBy}>
      {w.suppressedBy === 'shelved' && w.shelvedUntil && w.result === null ? `${label} → ${dayjs(w.shelvedUntil).format('HH:mm')}` : label}
    </Badge>
  );
}

/** The notifications an escalation sent for one warning: to whom, how, and what became of each. */
function WarningNotices({ id }: { id: number }) {
  const { t } = useTranslation('work');
  const notices = useQuery(warningNoticesQueryOptions(id));
  if (!notices.data) return null;
  if (!notices.data.length) return <Text c="dimmed">{t('warning.noNotices')}</Text>;
  const n = (k: 'level' | 'channel' | 'recipient' | 'status' | 'attempts' | 'lastError' | 'updatedAt') => t(`warning.notice.${k}`);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="warning-notices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{n('level')}</Table.Th>
            <Table.Th>{n('channel')}</Table.Th>
            <Table.Th>{n('recipient')}</Table.Th>
            <Table.Th>{n('status')}</Table.Th>
            <Table.Th>{n('attempts')}</Table.Th>
            <Table.Th>{n('updatedAt')}</Table.Th>
            <Table.Th>{n('lastError')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notices.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.round > 0 ? `${row.level} · ${t('warning.round')} ${row.round}` : row.level}</Table.Td>
              <Table.Td>{t(`escalation.channels.${row.channel}`)}</Table.Td>
              <Table.Td>{row.recipient}</Table.Td>
              <Table.Td><Badge color={NOTICE_COLOR[row.status]} variant="light">{t(`warning.notice.statuses.${row.status}`)}</Badge></Table.Td>
              <Table.Td>{row.attempts}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.updatedAt)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 280 }}>{row.lastError}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Warnings: time, info, deal time, result; open ones can be acknowledged (the walls stop sounding;
 * overdue ones are marked) and dealt with (fixed / not fixed + note).
 */
export function WarningsList() {
  const { t, i18n } = useTranslation('work');
  const queryClient = useQueryClient();
  const canDeal = useCan(permissionOf('detect', 'deal'));
  const canAck = useCan(permissionOf('detect', 'ack'));
  const canView = useCan(permissionOf('detect', 'info'));
  const canShelve = useCan(permissionOf('detect', 'shelve'));
  const [shelving, setShelving] = useState<WarningRow | null>(null);
  const [minutes, setMinutes] = useState<number | string>(SHELVE_DEFAULT_MINUTES);
  const [reason, setReason] = useState('');
  const [shelveErrors, setShelveErrors] = useState<Record<string, string>>({});
  const [showing, setShowing] = useState<number | null>(null);
  const [dealing, setDealing] = useState<WarningRow | null>(null);
  const [result, setResult] = useState<(typeof DEAL_RESULTS)[number]>('fixed');
  const [note, setNote] = useState('');
  const [commenting, setCommenting] = useState<WarningRow | null>(null);
  const [comment, setComment] = useState('');
  const drill = useDrillFilter(WARNING_DRILL);

  const deal = useMutation({
    mutationFn: () => dealWarning({ id: dealing!.id, result, note }),
    onSuccess: () => {
      toast.success(() => t('common.done'));
      setDealing(null);
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  // Acknowledging silences the alarm on every wall (the server pushes it); the warning stays open.
  const ack = useMutation({
    mutationFn: (id: number) => ackWarning(id, commenting?.id === id ? comment : undefined),
    onSuccess: () => {
      toast.success(() => t('warning.acked'));
      setCommenting(null);
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
    onError: (e) => {
      toast.error(e.message);
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
  });

  // Shelving takes the alarm off every wall's strip until its end (or an unshelve); it stays open.
  const shelve = useMutation({
    mutationFn: () => shelveWarning({ id: shelving!.id, minutes: Number(minutes), reason }),
    onSuccess: () => {
      toast.success(() => t('warning.shelved'));
      setShelving(null);
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
    onError: (e) => {
      setShelveErrors(e instanceof ApiError ? e.fields : {});
      toast.error(e.message);
    },
  });
  const unshelve = useMutation({
    mutationFn: (id: number) => unshelveWarning(id),
    onSuccess: () => {
      toast.success(() => t('warning.unshelved'));
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
    onError: (e) => {
      toast.error(e.message);
      return queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
  });

  return (
    <>
      <ReadOnlyList<WarningRow>
        title={t('warning.title')}
        resource="warning"
        drill={drill}
        queryFields={[
          projectQueryField(t('common.project')),
          {
            name: 'result',
            label: t('warning.result'),
            render: selectInput([{ value: 'open', label: t('warning.open') }, ...WARNING_RESULTS.map((r) => ({ value: r, label: t(`warning.results.${r}`) }))]),
          },
          { name: 'level', label: t('warning.level'), render: selectInput(WARNING_LEVELS.map((l) => ({ value: l, label: t(`warning.levels.${l}`) }))) },
          { name: 'suppressed', label: t('warning.suppressedState'), render: selectInput((['none', ...SUPPRESSED_BY] as const).map((s) => ({ value: s, label: t(`warning.suppressedBy.${s}`) }))) },
          { name: 'ack', label: t('warning.ackState'), render: selectInput((['unacked', 'acked'] as const).map((a) => ({ value: a, label: t(`warning.acks.${a}`) }))) },
        ]}
        columns={[
          { prop: 'at', label: t('warning.at'), nowrap: true, render: (w) => when(w.at) },
          { prop: 'level', label: t('warning.level'), render: (w) => <Badge color={LEVEL_COLOR[w.level]} variant="light">{t(`warning.levels.${w.level}`)}</Badge> },
          { prop: 'info', label: t('warning.info') },
          projectColumn(t('common.project'), i18n.language),
          { prop: 'boardName', label: t('detect.boardName'), render: (w) => (w.boardName === null ? '' : localName(w.boardName, w.boardNameEn, i18n.language)) },
          { prop: 'dealAt', label: t('warning.dealAt'), nowrap: true, render: (w) => when(w.dealAt) },
          {
            prop: 'result',
            label: t('warning.result'),
            render: (w) => (
              <Group gap={4} wrap="nowrap">
                {w.result ? t(`warning.results.${w.result}`) : <Badge color="red" variant="outline">{t('warning.open')}</Badge>}
                {!w.result && w.overdue && !w.suppressedBy ? <Badge color="red" variant="filled" data-testid="warning-overdue">{t('warning.overdue')}</Badge> : null}
                {!w.result ? <SuppressedBadge w={w} /> : null}
                {/* 3 or more alarms of its channel within 60 s, counted when it opened (docs/alarms.md "Chattering"). */}
                {w.chatter > 0 ? (
                  <Badge color="orange" variant="light" data-testid="warning-chattering" title={t('warning.chatteringTitle', { count: w.chatter })}>
                    {t('warning.chattering')} ×{w.chatter}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          { prop: 'ackAt', label: t('warning.ackAt'), nowrap: true, render: (w) => (w.ackAt ? `${when(w.ackAt)} · ${w.ackBy}${w.ackComment ? ` — ${w.ackComment}` : ''}` : '') },
          { prop: 'dealtBy', label: t('warning.dealtBy'), display: false },
          {
            prop: 'deal',
            label: t('common.actions'),
            ignore: true,
            render: (w) => (
              <Group gap={4} wrap="nowrap">
                {canView && w.notifyLevel > 0 ? (
                  <Button size="compact-xs" variant="subtle" color="grape" onClick={() => setShowing(w.id)}>
                    {t('warning.notices')}
                  </Button>
                ) : null}
                {w.result === null && canAck && !w.ackAt ? (
                  <Button size="compact-xs" variant="light" color="orange" loading={ack.isPending && ack.variables === w.id} onClick={() => ack.mutate(w.id)}>
                    {t('warning.ack')}
                  </Button>
                ) : null}
                {w.result === null && canAck && !w.ackAt ? (
                  <Button size="compact-xs" variant="subtle" color="orange" onClick={() => { setComment(''); setCommenting(w); }}>
                    {t('warning.ackWithComment')}
                  </Button>
                ) : null}
                {w.result === null && canShelve && w.suppressedBy === 'shelved' ? (
                  <Button size="compact-xs" variant="light" color="yellow" data-testid="warning-unshelve" loading={unshelve.isPending && unshelve.variables === w.id} onClick={() => unshelve.mutate(w.id)}>
                    {t('warning.unshelve')}
                  </Button>
                ) : w.result === null && canShelve && !w.suppressedBy ? (
                  <Button size="compact-xs" variant="light" color="yellow" data-testid="warning-shelve" onClick={() => { setMinutes(SHELVE_DEFAULT_MINUTES); setReason(''); setShelveErrors({}); setShelving(w); }}>
                    {t('warning.shelve')}
                  </Button>
                ) : null}
                {w.result === null && canDeal ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => { setResult('fixed'); setNote(''); setDealing(w); }}>
                    {t('warning.deal')}
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      <Dialog opened={showing !== null} onChange={(open) => !open && setShowing(null)} title={t('warning.noticesOf', { id: showing ?? '' })} width={980} height="auto">
        {showing !== null && <WarningNotices id={showing} />}
      </Dialog>
      <Dialog opened={commenting !== null} onChange={(open) => !open && setCommenting(null)} title={t('warning.ack')} footer onOk={() => commenting && ack.mutate(commenting.id)} confirmLoading={ack.isPending} width={520} height="auto">
        {commenting && (
          <Stack>
            <div>{commenting.info}</div>
            <Textarea label={t('warning.ackComment')} description={t('warning.ackCommentHint')} rows={3} maxLength={500} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          </Stack>
        )}
      </Dialog>
      <Dialog opened={shelving !== null} onChange={(open) => !open && setShelving(null)} title={t('warning.shelveTitle')} footer onOk={() => shelve.mutate()} confirmLoading={shelve.isPending} width={520} height="auto">
        {shelving && (
          <Stack data-testid="shelve-form">
            <div>{shelving.info}</div>
            <NumberInput label={t('warning.shelveMinutes')} withAsterisk min={1} allowDecimal={false} value={minutes} onChange={setMinutes} error={shelveErrors.minutes} data-testid="shelve-minutes" />
            <Textarea label={t('warning.shelveReason')} withAsterisk rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={shelveErrors.reason} data-testid="shelve-reason" />
          </Stack>
        )}
      </Dialog>
      <Dialog opened={dealing !== null} onChange={(open) => !open && setDealing(null)} title={t('warning.deal')} footer onOk={() => deal.mutate()} confirmLoading={deal.isPending} width={520} height="auto">
        {dealing && (
          <Stack>
            <div>{dealing.info}</div>
            <SegmentedControl value={result} onChange={(v) => setResult(v as typeof result)} data={DEAL_RESULTS.map((r) => ({ value: r, label: t(`warning.results.${r}`) }))} />
            <Textarea label={t('warning.note')} rows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          </Stack>
        )}
      </Dialog>
    </>
  );
}

