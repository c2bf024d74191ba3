import { Fragment, useRef, useState } from 'react';
import { Alert, Badge, Button, Code, Group, NumberInput, Paper, SegmentedControl, Stack, Table, TextInput, UnstyledButton, useComputedColorScheme } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import { when } from '../../../shared/work-kit/format';
import { dateTime } from '@client/lib/date-time';
import { channelShown } from '@shared/choices';
import { EquipmentPicker } from '../../../shared/work-kit/pickers';
import { boardInfoQueryOptions, boardTrendQueryOptions, detectKeys, issueBoardKey, updateChannels, type ChannelEdit } from './detect-api';
import { ChannelTrend } from './channel-trend';
import { localName } from '@shared/local-name';
import { ChannelTrendView, type RangeSwitchProps } from '../../../shared/trend/channel-trend-view';
import type { TrendRange } from '@shared/contracts/detect';
import { MissingBadge } from './missing-badge';
import { ConditioningButton, ConditioningFields } from './conditioning-fields';
import { permissionOf } from '@client/lib/resources';

/** The trend's range switch in the back-office: Mantine's segmented control. */
const rangeSwitch = ({ value, onChange, data, label }: RangeSwitchProps) => <SegmentedControl aria-label={label} size="sm" value={value} onChange={(v) => onChange(v as TrendRange)} data={data} />;

/**
 * A channel's result as the back-office shows it: its stored result while the board is online; on an
 * offline board, "no data since …" in grey (its values are only what it last said).
 */
export function ChannelResult({ online, result, lastSeen }: { online: boolean; result: string; lastSeen: string | null }) {
  const { t } = useTranslation('work');
  const shown = channelShown(online, result);
  if (shown === 'offline') {
    return (
      <Badge color="gray" variant="light" data-result="offline">
        {lastSeen ? t('channelOffline.since', { time: dateTime(lastSeen) }) : t('channelOffline.never')}
      </Badge>
    );
  }
  return (
    <Badge color={shown === 'fault' ? 'red' : 'green'} variant="light" data-result={shown}>
      {t(`detect.results.${shown}`)}
    </Badge>
  );
}

/** The nine channels of a board: live values and results, and their labels, equipment and ranges. */
export function ChannelPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('work');
  const { t: tc } = useTranslation('common');
  const scheme = useComputedColorScheme('light');
  const queryClient = useQueryClient();
  const info = useQuery({ ...boardInfoQueryOptions(id), refetchInterval: 5000 });
  // The trend moves by the minute: read again every minute, not with every live value.
  const trend = useQuery({ ...boardTrendQueryOptions(id), refetchInterval: 60_000 });
  const canEdit = useCan(permissionOf('detect', 'update'));
  const canKey = useCan(permissionOf('detect', 'key'));
  const [edits, setEdits] = useState<Record<number, ChannelEdit>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issued, setIssued] = useState<string | null>(null);
  // The channel whose readable trend shows under the table: a click on a row's small trend picks it.
  const [picked, setPicked] = useState<number | null>(null);
  // The channel whose conditioning settings show in a row under its own.
  const [conditioning, setConditioning] = useState<number | null>(null);
  const chart = useRef<HTMLDivElement>(null);
  const board = info.data;
  const shownCh = picked ?? board?.channels.find((c) => c.result === 'fault')?.ch ?? 1;
  const shownChannel = board?.channels.find((c) => c.ch === shownCh);
  const pick = (ch: number) => {
    setPicked(ch);
    chart.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  const edited = (ch: number): ChannelEdit => {
    const c = board!.channels.find((x) => x.ch === ch)!;
    return (
      edits[ch] ?? {
        ch, label: c.label, labelEn: c.labelEn, equipmentId: c.equipmentId, analogMin: c.analogMin, analogMax: c.analogMax, unit: c.unit, checkKey: c.checkKey,
        onDelaySeconds: c.onDelaySeconds, offDelaySeconds: c.offDelaySeconds, deadband: c.deadband, repeatCount: c.repeatCount, repeatMinutes: c.repeatMinutes,
      }
    );
  };
  const change = (ch: number, patch: Partial<ChannelEdit>) => setEdits((e) => ({ ...e, [ch]: { ...edited(ch), ...patch } }));

  const save = useMutation({
    mutationFn: () => updateChannels(id!, Object.values(edits)),
    onSuccess: () => {
      setEdits({});
      setErrors({});
      toast.success(() => t('common.done'));
      return queryClient.invalidateQueries({ queryKey: detectKeys.all });
    },
    onError: (e) => {
      if (e instanceof ApiError && Object.keys(e.fields).length) setErrors(e.fields);
      toast.error(e.message);
    },
  });

  const issue = async () => {
    if (!(await messageBox.confirm(t('detect.confirmKey')))) return;
    try {
      setIssued((await issueBoardKey(id!)).boardKey);
      await queryClient.invalidateQueries({ queryKey: detectKeys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  const close = () => {
    setEdits({});
    setErrors({});
    setIssued(null);
    setPicked(null);
    setConditioning(null);
    onClose();
  };
  const order = Object.values(edits).map((e) => e.ch);
  const errorOf = (ch: number, field: string) => {
    const i = order.indexOf(ch);
    return i < 0 ? undefined : errors[`channels.${i}.${field}`];
  };

  return (
    // The buttons live in the dialog's fixed footer: below the nine rows inside the scrolling body, the
    // English dialog showed them cut at its bottom edge.
    <Dialog
      width="min(1180px, 96vw)"
      footer={
        board && (canKey || canEdit) ? (
          <Group gap="xs" wrap="nowrap">
            {canKey && <Button variant="default" onClick={() => void issue()}>{t('detect.issueKey')}</Button>}
            {canEdit && <Button disabled={order.length === 0} loading={save.isPending} onClick={() => save.mutate()}>{t('detect.saveChannels')}</Button>}
          </Group>
        ) : false
      }
      opened={id !== null} onChange={(open) => !open && close()} title={board ? `${localName(board.boardName, board.boardNameEn, i18n.language)} ${board.boardNo}` : t('detect.channels')} loading={info.isPending && id !== null}>
      {board && (
        <Stack>
          <Group gap="xs">
            <Badge color={board.online ? 'green' : 'gray'}>{board.online ? t('detect.online') : t('detect.offline')}</Badge>
            <MissingBadge board={board} />
            <span>{t('detect.lastSeen')}: {when(board.lastSeen)}</span>
            <span>{board.ip ? `${board.ip}:${board.port} #${board.slave}` : ''}</span>
          </Group>
          {issued && (
            <Alert color="yellow" title={t('detect.keyIssued')}>
              <Code>{issued}</Code>
            </Alert>
          )}
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detect.channel')}</Table.Th>
                <Table.Th>{t('detect.label')}</Table.Th>
                <Table.Th>{t('common.equipment')}</Table.Th>
                <Table.Th>{t('detect.switchValue')}</Table.Th>
                <Table.Th>{t('detect.analogValue')}</Table.Th>
                <Table.Th>{t('detect.min')}</Table.Th>
                <Table.Th>{t('detect.max')}</Table.Th>
                <Table.Th>{tc('trend.unit')}</Table.Th>
                <Table.Th>{t('detect.conditioning')}</Table.Th>
                <Table.Th>{t('detect.result')}</Table.Th>
                <Table.Th>{t('detect.trend')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.channels.map((c) => {
                const e = edited(c.ch);
                return (
                  <Fragment key={c.ch}>
                  <Table.Tr>
                    <Table.Td>CH{c.ch}</Table.Td>
                    <Table.Td>
                      <TextInput size="xs" aria-label={`CH${c.ch} ${t('detect.label')}`} disabled={!canEdit} value={e.label} onChange={(ev) => change(c.ch, { label: ev.currentTarget.value })} />
                      <TextInput size="xs" mt={4} placeholder={t('detect.labelEn')} aria-label={`CH${c.ch} ${t('detect.labelEn')}`} disabled={!canEdit} value={e.labelEn} onChange={(ev) => change(c.ch, { labelEn: ev.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td miw={180}>
                      <EquipmentPicker projectId={board.projectId} value={e.equipmentId} disabled={!canEdit} error={errorOf(c.ch, 'equipmentId')} onChange={(v) => change(c.ch, { equipmentId: v })} />
                    </Table.Td>
                    <Table.Td c={board.online ? undefined : 'dimmed'} title={board.online ? undefined : t('channelOffline.lastKnown')}>{c.switchValue}</Table.Td>
                    <Table.Td c={board.online ? undefined : 'dimmed'} title={board.online ? undefined : t('channelOffline.lastKnown')}>{c.analogValue}</Table.Td>
                    <Table.Td>
                      <NumberInput size="xs" w={80} aria-label={`CH${c.ch} ${t('detect.min')}`} disabled={!canEdit} value={e.analogMin} onChange={(v) => change(c.ch, { analogMin: Number(v) })} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput size="xs" w={80} aria-label={`CH${c.ch} ${t('detect.max')}`} disabled={!canEdit} error={errorOf(c.ch, 'analogMax')} value={e.analogMax} onChange={(v) => change(c.ch, { analogMax: Number(v) })} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput size="xs" w={96} aria-label={`CH${c.ch} ${tc('trend.unit')}`} disabled={!canEdit} error={errorOf(c.ch, 'unit')} value={e.unit} onChange={(ev) => change(c.ch, { unit: ev.currentTarget.value })} />
                      {/* The checklist item read by hand on this channel's unit: its numbers are drawn in the trend. */}
                      <TextInput size="xs" w={96} mt={4} placeholder={t('detect.checkKey')} title={t('detect.checkKeyHint')} aria-label={`CH${c.ch} ${t('detect.checkKey')}`} disabled={!canEdit} error={errorOf(c.ch, 'checkKey')} value={e.checkKey} onChange={(ev) => change(c.ch, { checkKey: ev.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td>
                      <ConditioningButton channel={c} edit={e} errorOf={(f) => errorOf(c.ch, f)} opened={conditioning === c.ch} onToggle={() => setConditioning((o) => (o === c.ch ? null : c.ch))} />
                    </Table.Td>
                    <Table.Td>
                      <ChannelResult online={board.online} result={c.result} lastSeen={board.lastSeen} />
                    </Table.Td>
                    <Table.Td>
                      {/* The small trend opens the channel's readable one below the table. */}
                      <UnstyledButton
                        aria-label={tc('trend.show', { ch: c.ch })}
                        aria-pressed={c.ch === shownCh}
                        data-trend-pick={c.ch}
                        onClick={() => pick(c.ch)}
                        style={{ display: 'block', padding: 2, borderRadius: 4, outline: c.ch === shownCh ? '2px solid var(--mantine-color-blue-5)' : undefined }}
                      >
                        <ChannelTrend trend={trend.data} channel={trend.data?.channels.find((x) => x.ch === c.ch)} />
                      </UnstyledButton>
                    </Table.Td>
                  </Table.Tr>
                  {conditioning === c.ch ? (
                    <Table.Tr data-conditioning-row={c.ch}>
                      <Table.Td colSpan={11}>
                        <ConditioningFields channel={c} edit={e} disabled={!canEdit} errorOf={(f) => errorOf(c.ch, f)} onChange={(patch) => change(c.ch, patch)} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
          <Paper withBorder p="md" ref={chart} data-testid="board-trend">
            <ChannelTrendView
              source={{ kind: 'board', boardId: board.id, ch: shownCh }}
              name={shownChannel ? localName(shownChannel.label, shownChannel.labelEn, i18n.language) || localName(shownChannel.equipmentName ?? '', shownChannel.equipmentNameEn ?? '', i18n.language) : undefined}
              tone={scheme === 'dark' ? 'dark' : 'light'}
              height={340}
              rangeSwitch={rangeSwitch}
            />
          </Paper>
        </Stack>
      )}
    </Dialog>
  );
}
