import { useRef, useState } from 'react';
import { Anchor, Button, Group, Input, Stack } from '@mantine/core';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileOwnerType, UploadedFile } from '@shared/contracts/file';
import { toast } from '@client/components/feedback/toast';
import { fileMetaQueryOptions, openFileOnClick, uploadFile } from '../../shared/work-kit/work-api';

export interface FilesFieldProps {
  label: string;
  /** oss_file ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  ownerType: FileOwnerType;
  /** At most this many files; 1 makes it a single-file field. @default 20 */
  max?: number;
  accept?: string;
  error?: string;
}

/** Files of a form: each uploads at once (unowned until the record is saved), listed with remove buttons. */
export function FilesField({ label, value, onChange, ownerType, max = 20, accept, error }: FilesFieldProps) {
  const { t } = useTranslation('work');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<UploadedFile[]>([]);
  const known = new Map(fresh.map((f) => [f.id, f]));
  const missing = value.filter((id) => !known.has(id));
  const meta = useQuery(fileMetaQueryOptions(missing));
  for (const f of meta.data ?? []) known.set(f.id, f);

  const pick = async (chosen: FileList | null) => {
    if (!chosen?.length) return;
    setBusy(true);
    try {
      const room = Math.max(0, max - (max === 1 ? 0 : value.length));
      const uploaded: UploadedFile[] = [];
      for (const file of Array.from(chosen).slice(0, room)) uploaded.push(await uploadFile(file, ownerType));
      setFresh((f) => [...f, ...uploaded]);
      onChange(max === 1 ? uploaded.slice(0, 1).map((u) => u.id) : [...value, ...uploaded.map((u) => u.id)]);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap={4} mt={4}>
        {value.map((id) => {
          const file = known.get(id);
          return (
            <Group key={id} gap="xs">
              {file ? (
                <Anchor href={file.url} onClick={openFileOnClick(file.url, (e) => toast.error(e.message))} target="_blank" rel="noreferrer" size="sm">
                  <IconPaperclip size={14} /> {file.name}
                </Anchor>
              ) : (
                <span>#{id}</span>
              )}
              <Button size="compact-xs" variant="subtle" color="red" aria-label={`${t('common.remove')} ${file?.name ?? id}`} onClick={() => onChange(value.filter((v) => v !== id))}>
                <IconX size={12} />
              </Button>
            </Group>
          );
        })}
        {(max === 1 || value.length < max) && (
          <Group>
            <Button size="xs" variant="light" loading={busy} leftSection={<IconUpload size={14} />} onClick={() => input.current?.click()}>
              {t('common.upload')}
            </Button>
          </Group>
        )}
        <input ref={input} type="file" hidden multiple={max > 1} accept={accept} aria-label={label} onChange={(e) => void pick(e.currentTarget.files)} />
      </Stack>
    </Input.Wrapper>
  );
}
