import { Fragment, useState } from 'react';
import { Badge, Card, Group, SegmentedControl, Skeleton, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Reliability, ReliabilityFigures, ShowBasis } from '@shared/contracts/reliability';
import { useReliability, useReliabilityEpisodes, type ReliabilityParams } from '../../../shared/stats/api/get-reliability';

type By = 'unit' | 'model' | 'project';
const HOUR = 3_600_000;
export const hours = (ms: number | null) => (ms === null ? '—' : (ms / HOUR).toFixed(1));
export const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(2)}%`);

function FigureCells({ f }: { f: ReliabilityFigures }) {
  return (
    <>
      <Table.Td ta="right">{hours(f.showMs)}</Table.Td>
      <Table.Td ta="right">{hours(f.downtimeMs)}</Table.Td>
      <Table.Td ta="right">{hours(f.downtimeShowMs)}</Table.Td>
      <Table.Td ta="right">{f.episodes}</Table.Td>
      <Table.Td ta="right" data-availability>{pct(f.availability)}</Table.Td>
      <Table.Td ta="right">{hours(f.mttrMs)}</Table.Td>
      <Table.Td ta="right">{hours(f.mtbfMs)}</Table.Td>
      <Table.Td ta="right">{f.repeat7d} / {f.repeat30d}</Table.Td>
    </>
  );
}

/** One unit's episodes under its row (the drill-down). */
function Episodes({ q, equipmentId, span }: { q: ReliabilityParams; equipmentId: number; span: number }) {
  const { t, i18n } = useTranslation('work');
  const episodes = useReliabilityEpisodes(q, equipmentId);
  const at = (iso: string | null) => (iso === null ? t('stats.reliability.open') : new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN'));
  return (
    <Table.Tr data-episodes={equipmentId}>
      <Table.Td colSpan={span}>
        {!episodes.data ? (
          <Skeleton h={24} />
        ) : episodes.data.episodes.length === 0 ? (
          <Text size="sm" c="dimmed">{t('stats.reliability.noEpisodes')}</Text>
        ) : (
          <Table withRowBorders={false} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stats.reliability.start')}</Table.Th>
                <Table.Th>{t('stats.reliability.end')}</Table.Th>
                <Table.Th ta="right">{t('stats.reliability.downtime')}</Table.Th>
                <Table.Th ta="right">{t('stats.reliability.downtimeShow')}</Table.Th>
                <Table.Th>{t('stats.reliability.faults')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {episodes.data.episodes.map((e) => (
                <Table.Tr key={e.start}>
                  <Table.Td>{at(e.start)}</Table.Td>
                  <Table.Td>{at(e.end)}</Table.Td>
                  <Table.Td ta="right">{hours(e.downtimeMs)}</Table.Td>
                  <Table.Td ta="right">{hours(e.downtimeShowMs)}</Table.Td>
                  <Table.Td>{e.faults.map((f) => `#${f.id} ${t('stats.reliability.channel', { ch: f.channel })}`).join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Reliability (issue 39, docs/maintenance.md "Availability in show hours, MTTR, MTBF"): a table per
 * unit, model or project; a unit's row opens its downtime episodes.
 */
export function ReliabilityCard({ q }: { q: ReliabilityParams }) {
  const { t, i18n } = useTranslation('work');
  const en = i18n.language === 'en';
  const [by, setBy] = useState<By>('unit');
  const [open, setOpen] = useState<number | null>(null);
  const rel = useReliability(q);
  const r: Reliability | undefined = rel.data;
  // A row's episodes are those of the range the rows were computed for: while a new range loads,
  // the table still shows the previous one (keepPreviousData), and its drill-down must agree with it.
  const shown: ReliabilityParams = r ? { ...q, from: r.from, to: r.to } : q;
  const name = (cn: string, english: string) => (en && english ? english : cn);
  const projectName = (id: number) => {
    const p = r?.projects.find((x) => x.projectId === id);
    return p ? name(p.name, p.nameEn) : String(id);
  };
  const modelName = (id: number | null) => {
    const m = r?.models.find((x) => x.deviceId === id);
    return id === null || !m ? t('stats.reliability.noModel') : name(m.name, m.nameEn);
  };
  const basis = (b: ShowBasis) => (
    <Badge size="xs" variant="light" color={b === 'allHours' ? 'orange' : 'gray'}>
      {t(`stats.reliability.basis.${b}`)}
    </Badge>
  );
  const heads = ['showHours', 'downtime', 'downtimeShow', 'episodes', 'availability', 'mttr', 'mtbf', 'repeats'] as const;
  const lead = by === 'unit' ? 3 : by === 'model' ? 2 : 3;
  return (
    <Card withBorder radius="md" padding="sm" data-figures="reliability" data-from={r?.from} data-to={r?.to} aria-busy={rel.isFetching}>
      <Group justify="space-between" mb="xs">
        <Tooltip label={t('stats.reliability.hint')} multiline w={360} withArrow>
          <Text fw={600} size="sm">{t('stats.reliability.title')}</Text>
        </Tooltip>
        <SegmentedControl
          size="xs"
          value={by}
          onChange={(v) => setBy(v as By)}
          data={(['unit', 'model', 'project'] as const).map((v) => ({ value: v, label: t(`stats.reliability.by.${v}`) }))}
        />
      </Group>
      {!r ? (
        <Skeleton h={120} />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover fz="sm">
            <Table.Thead>
              <Table.Tr>
                {by === 'unit' && <Table.Th>{t('stats.reliability.unit')}</Table.Th>}
                {by !== 'model' && <Table.Th>{t('stats.reliability.project')}</Table.Th>}
                {by !== 'project' && <Table.Th>{t('stats.reliability.model')}</Table.Th>}
                {by === 'project' && <Table.Th>{t('stats.reliability.basisHead')}</Table.Th>}
                {by !== 'unit' && <Table.Th ta="right">{t('stats.reliability.units')}</Table.Th>}
                {heads.map((h) => (
                  <Table.Th key={h} ta="right">{t(`stats.reliability.${h}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {by === 'unit' &&
                r.units.map((u) => (
                  <Fragment key={u.equipmentId}>
                    <Table.Tr data-unit={u.equipmentId}>
                      <Table.Td>
                        <UnstyledButton onClick={() => setOpen(open === u.equipmentId ? null : u.equipmentId)} aria-expanded={open === u.equipmentId}>
                          <Text size="sm" c="blue">{name(u.name, u.nameEn)}</Text>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        {projectName(u.projectId)} {u.basis === 'allHours' && basis(u.basis)}
                      </Table.Td>
                      <Table.Td>{modelName(u.deviceId)}</Table.Td>
                      <FigureCells f={u} />
                    </Table.Tr>
                    {open === u.equipmentId && <Episodes q={shown} equipmentId={u.equipmentId} span={lead + heads.length} />}
                  </Fragment>
                ))}
              {by === 'model' &&
                r.models.map((m) => (
                  <Table.Tr key={String(m.deviceId)}>
                    <Table.Td>{modelName(m.deviceId)}</Table.Td>
                    <Table.Td ta="right">{m.units}</Table.Td>
                    <FigureCells f={m} />
                  </Table.Tr>
                ))}
              {by === 'project' &&
                r.projects.map((p) => (
                  <Table.Tr key={p.projectId}>
                    <Table.Td>{name(p.name, p.nameEn)}</Table.Td>
                    <Table.Td>{basis(p.basis)}</Table.Td>
                    <Table.Td ta="right">{p.units}</Table.Td>
                    <FigureCells f={p} />
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
