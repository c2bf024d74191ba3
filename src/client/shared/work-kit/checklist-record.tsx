import { Badge, Button, Group, Image, Stack, Table, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog/dialog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limitsText, type CheckAnswer, type CheckItem, type Signature } from '@shared/checklist';
import type { FilledChecklist } from '@shared/contracts/checklist';
import type { UploadedFile } from '@shared/contracts/file';
import { localName } from '@shared/local-name';
import { api } from '@client/lib/api';
import { apiPath } from '@client/lib/resources';
import { keysOf } from '@client/lib/resource-keys';
import { fileMetaQueryOptions, useFileSrc } from './work-api';
import { when } from './format';

const filledQuery = (reportId: number | null) =>
  queryOptions({
    queryKey: keysOf('report').view('checklist', reportId),
    enabled: reportId !== null,
    queryFn: () => api.get<FilledChecklist | null>(apiPath('report', 'checklist', reportId ?? '')),
  });

const COLOUR = { ok: 'teal', flag: 'yellow', fail: 'red', open: 'gray' } as const;

function Thumb({ file }: { file: UploadedFile }) {
  const src = useFileSrc(file.thumbUrl ?? file.url);
  return src ? <Image src={src} alt={file.name} h={72} w="auto" radius="sm" /> : <Text size="xs">{file.name}</Text>;
}

function Pictures({ ids }: { ids: number[] }) {
  const files = useQuery(fileMetaQueryOptions(ids)).data ?? [];
  return (
    <Group gap={6}>
      {files.map((f) => (
        <Thumb key={f.id} file={f} />
      ))}
    </Group>
  );
}

/** An answer as read back: a number with its unit, a mark, the photos, the signature with its name. */
function Answer({ item, value }: { item: CheckItem; value: CheckAnswer | undefined }) {
  const { t } = useTranslation('work');
  if (value === undefined) return <Text size="sm" c="dimmed">{t('checklist.noAnswer')}</Text>;
  if (item.type === 'number') return <Text size="sm">{`${value as number}${item.unit ? ` ${item.unit}` : ''}`}{limitsText(item) ? <Text span size="xs" c="dimmed">{` (${limitsText(item)})`}</Text> : null}</Text>;
  if (item.type === 'check') return <Text size="sm">{t(`checklist.marks.${value as 'pass' | 'flag' | 'fail'}`)}</Text>;
  if (item.type === 'photo') return <Pictures ids={value as number[]} />;
  if (item.type === 'signature') {
    const s = value as Signature;
    return (
      <Stack gap={2}>
        <Pictures ids={[s.file]} />
        <Text size="xs">{s.name}</Text>
      </Stack>
    );
  }
  return <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Text>;
}

/**
 * A report's filled checklist as kept (docs/maintenance.md "Checklists"): a badge in the reports
 * table saying what failed, opening the record — each item as it was, its answer and verdict, the
 * photos and the signature, and the corrective order it opened.
 */
export function ChecklistRecord({ reportId, failed, flagged }: { reportId: number; failed: number; flagged: number }) {
  const { t, i18n } = useTranslation('work');
  const [open, setOpen] = useState(false);
  const record = useQuery({ ...filledQuery(open ? reportId : null) }).data;
  const colour = failed ? 'red' : flagged ? 'yellow' : 'teal';
  const label = failed ? t('checklist.verdicts.fail') : flagged ? t('checklist.verdicts.flag') : t('checklist.verdicts.ok');
  return (
    <>
      <Button size="compact-xs" variant="light" color={colour} onClick={() => setOpen(true)} aria-label={`${t('checklist.fillTitle')} ${label}`}>
        {t('checklist.fillTitle')} · {label}{failed ? ` ${failed}` : ''}
      </Button>
      <Dialog opened={open} onChange={(o) => !o && setOpen(false)} width={720} height="80%" loading={open && !record} title={record ? localName(record.name, record.nameEn, i18n.language) : t('checklist.fillTitle')}>
        {record && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">{t('checklist.filledTitle', { name: record.filledBy, at: when(record.filledAt) })}</Text>
            {record.correctiveOrderNumber && <Text size="sm" c="red">{t('checklist.corrective', { number: record.correctiveOrderNumber })}</Text>}
            <Table withTableBorder striped>
              <Table.Tbody>
                {record.items.map((item, i) => {
                  const state = record.verdicts[i]?.state ?? 'open';
                  return (
                    <Table.Tr key={item.key} data-item={item.key}>
                      <Table.Td>{localName(item.label, item.labelEn, i18n.language)}</Table.Td>
                      <Table.Td><Answer item={item as CheckItem} value={record.answers[item.key]} /></Table.Td>
                      <Table.Td>{state === 'open' ? null : <Badge size="sm" variant="light" color={COLOUR[state]}>{t(`checklist.verdicts.${state}`)}</Badge>}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Dialog>
    </>
  );
}
