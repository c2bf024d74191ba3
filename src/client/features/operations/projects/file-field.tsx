import { useRef, useState } from 'react';
import { Anchor, Button, Group, Image, Input, Text } from '@mantine/core';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileOwnerType, UploadedFile } from '@shared/contracts/file';
import { toast } from '@client/components/feedback/toast';
import { fileMetaQueryOptions, openFileOnClick, uploadFile, useFileSrc } from '../../../shared/projects/project-api';

export interface FileFieldProps {
  label: string;
  /** The oss_file id, or null. */
  value: number | null;
  onChange: (id: number | null, file?: UploadedFile) => void;
  ownerType: FileOwnerType;
  /** The browser's file filter (the server checks the content anyway). */
  accept?: string;
  /** Shows a thumbnail. */
  image?: boolean;
  error?: string;
}

/**
 * One file of a form: uploads at once (unowned until the record is saved), shows the current
 * file's name (and thumbnail) and lets the user replace or remove it.
 */
export function FileField({ label, value, onChange, ownerType, accept, image, error }: FileFieldProps) {
  const { t } = useTranslation('projects');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<UploadedFile | null>(null);
  const meta = useQuery(fileMetaQueryOptions(value !== null && fresh?.id !== value ? [value] : []));
  const file = fresh?.id === value ? fresh : (meta.data?.[0] ?? null);
  const thumb = useFileSrc(image ? file?.thumbUrl : null);

  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile(chosen, ownerType);
      setFresh(uploaded);
      onChange(uploaded.id, uploaded);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="xs" mt={4}>
        {file && image && thumb && <Image src={thumb} alt={file.name} h={48} w="auto" radius="sm" />}
        {file ? (
          <Anchor href={file.url} onClick={openFileOnClick(file.url, (e) => toast.error(e.message))} target="_blank" rel="noreferrer" size="sm">
            <IconPaperclip size={14} /> {file.name}
          </Anchor>
        ) : value !== null ? (
          <Text size="sm" c="dimmed">#{value}</Text>
        ) : null}
        <Button size="xs" variant="light" loading={busy} leftSection={<IconUpload size={14} />} onClick={() => input.current?.click()}>
          {value === null ? t('file.upload') : t('file.replace')}
        </Button>
        {value !== null && (
          <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} />} onClick={() => onChange(null)}>
            {t('file.remove')}
          </Button>
        )}
        <input ref={input} type="file" hidden accept={accept} aria-label={label} onChange={(e) => void pick(e.currentTarget.files?.[0])} />
      </Group>
    </Input.Wrapper>
  );
}
