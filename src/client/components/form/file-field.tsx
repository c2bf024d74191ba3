import { useRef, useState } from 'react';
import { Anchor, Button, Group, Image, Input, Stack } from '@mantine/core';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileOwnerType, UploadedFile } from '@shared/contracts/file';
import { toast } from '../feedback/toast';
import { fileMetaQueryOptions, openFileOnClick, uploadFile, useFileSrc } from '../../lib/files';

interface FieldProps {
  label: string;
  ownerType: FileOwnerType;
  /** The browser's file filter (the server checks the content anyway). */
  accept?: string;
  /** Shows a thumbnail beside each file. */
  image?: boolean;
  error?: string;
}

export interface FilesFieldProps extends FieldProps {
  /** oss_file ids. */
  value: number[];
  onChange: (ids: number[], uploaded: UploadedFile[]) => void;
  /** At most this many files; 1 makes it a single-file field whose upload replaces the file. @default 20 */
  max?: number;
}

export interface FileFieldProps extends FieldProps {
  /** The oss_file id, or null. */
  value: number | null;
  onChange: (id: number | null, file?: UploadedFile) => void;
}

function FileThumb({ file }: { file: UploadedFile }) {
  const src = useFileSrc(file.thumbUrl);
  return src ? <Image src={src} alt={file.name} h={48} w="auto" radius="sm" /> : null;
}

/**
 * The file field of every form: each file uploads at once (unowned until the record is saved, so a
 * cancelled form leaves nothing attached), is listed by name (with a thumbnail for images) with a
 * remove button, and an upload button adds more up to `max`, or replaces the one file when max is 1.
 */
export function FilesField({ label, value, onChange, ownerType, max = 20, accept, image, error }: FilesFieldProps) {
  const { t } = useTranslation('kit');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<UploadedFile[]>([]);
  const known = new Map(fresh.map((f) => [f.id, f]));
  const missing = value.filter((id) => !known.has(id));
  const meta = useQuery(fileMetaQueryOptions(missing));
  for (const f of meta.data ?? []) known.set(f.id, f);
  const single = max === 1;

  const pick = async (chosen: FileList | null) => {
    if (!chosen?.length) return;
    setBusy(true);
    try {
      const room = Math.max(0, max - (single ? 0 : value.length));
      const uploaded: UploadedFile[] = [];
      for (const file of Array.from(chosen).slice(0, room)) uploaded.push(await uploadFile(file, ownerType));
      setFresh((f) => [...f, ...uploaded]);
      onChange(single ? uploaded.slice(0, 1).map((u) => u.id) : [...value, ...uploaded.map((u) => u.id)], uploaded);
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
              {file && image && <FileThumb file={file} />}
              {file ? (
                <Anchor href={file.url} onClick={openFileOnClick(file.url, (e) => toast.error(e.message))} target="_blank" rel="noreferrer" size="sm">
                  <IconPaperclip size={14} /> {file.name}
                </Anchor>
              ) : (
                <span>#{id}</span>
              )}
              <Button size="compact-xs" variant="subtle" color="red" aria-label={`${t('file.remove')} ${file?.name ?? id}`} onClick={() => onChange(value.filter((v) => v !== id), [])}>
                <IconX size={12} />
              </Button>
            </Group>
          );
        })}
        {(single || value.length < max) && (
          <Group>
            <Button size="xs" variant="light" loading={busy} leftSection={<IconUpload size={14} />} onClick={() => input.current?.click()}>
              {single && value.length > 0 ? t('file.replace') : t('file.upload')}
            </Button>
          </Group>
        )}
        <input ref={input} type="file" hidden multiple={!single} accept={accept} aria-label={label} onChange={(e) => void pick(e.currentTarget.files)} />
      </Stack>
    </Input.Wrapper>
  );
}

/** One file of a form (a handbook, a site plan): the same field with at most one file, its id or null. */
export function FileField({ value, onChange, ...rest }: FileFieldProps) {
  return <FilesField {...rest} max={1} value={value === null ? [] : [value]} onChange={(ids, uploaded) => onChange(ids[0] ?? null, uploaded.find((u) => u.id === ids[0]))} />;
}
