import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UploadedFile, UploadLimits } from '@shared/contracts/file';
import { refusalOf, uploadFileWithProgress, uploadLimitsQueryOptions } from '@client/lib/files';
import { formatSize } from './file-size';

/** Files sent at the same time; the others wait their turn (two cores and one uplink are shared). */
const CONCURRENT_UPLOADS = 2;

type Status = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed' | 'cancelled' | 'refused';
type Refusal = NonNullable<ReturnType<typeof refusalOf>>;

interface Item {
  id: number;
  file: File;
  status: Status;
  loaded: number;
  total: number;
  refusal?: Refusal;
  error?: string;
}

const RUNNING: Status[] = ['uploading', 'processing'];
const FINISHED: Status[] = ['done', 'failed', 'cancelled', 'refused'];
let sequence = 0;

export interface UploaderProps {
  /** Each file the server has stored. */
  onUploaded?: (file: UploadedFile) => void;
}

/**
 * Several files at once, by drag and drop or the file chooser, each with its progress and a cancel
 * button. The server's limits (GET /oss/file/limits) are shown before anything is chosen, and a file
 * over them is refused here without being sent; the server checks everything again. Uploads still
 * running when the uploader goes away (the screen or the dialog closed) are cancelled.
 */
export function Uploader({ onUploaded }: UploaderProps) {
  const { t } = useTranslation('sysadmin');
  const limits = useQuery(uploadLimitsQueryOptions());
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const controllers = useRef(new Map<number, AbortController>());
  const latest = useRef(onUploaded);
  useEffect(() => {
    latest.current = onUploaded;
  });

  const update = (id: number, patch: Partial<Item>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const add = (files: FileList | File[] | null, within: UploadLimits) => {
    if (!files?.length) return;
    const added = Array.from(files, (file): Item => {
      const refusal = refusalOf(file, within) ?? undefined;
      return { id: ++sequence, file, status: refusal ? 'refused' : 'waiting', loaded: 0, total: file.size, refusal };
    });
    setItems((list) => [...list, ...added]);
  };

  // Starts waiting files while fewer than CONCURRENT_UPLOADS are under way.
  useEffect(() => {
    const running = items.filter((i) => RUNNING.includes(i.status)).length;
    const next = items.filter((i) => i.status === 'waiting' && !controllers.current.has(i.id)).slice(0, Math.max(0, CONCURRENT_UPLOADS - running));
    for (const item of next) {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      update(item.id, { status: 'uploading' });
      uploadFileWithProgress(item.file, {
        signal: controller.signal,
        // The last byte sent is not the end: the server still checks and stores the file.
        onProgress: (loaded, total) => update(item.id, { loaded, total, status: loaded >= total ? 'processing' : 'uploading' }),
      })
        .then((stored) => {
          update(item.id, { status: 'done', loaded: item.total });
          latest.current?.(stored);
        })
        .catch((e: Error) => {
          if (e.name === 'AbortError') update(item.id, { status: 'cancelled' });
          else update(item.id, { status: 'failed', error: e.message });
        })
        .finally(() => controllers.current.delete(item.id));
    }
  }, [items]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const cancel = (item: Item) => {
    const controller = controllers.current.get(item.id);
    if (controller) controller.abort();
    else update(item.id, { status: 'cancelled' });
  };
  const remove = (item: Item) => setItems((list) => list.filter((i) => i.id !== item.id));

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (limits.data) add(event.dataTransfer.files, limits.data);
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (limits.data) setDragging(true);
  };

  const statusText = (item: Item): string => {
    switch (item.status) {
      case 'uploading':
        return t('upload.status.uploading', { percent: item.total ? Math.floor((item.loaded / item.total) * 100) : 0 });
      case 'failed':
        return t('upload.status.failed', { error: item.error ?? '' });
      case 'refused': {
        const max = formatSize(item.refusal === 'imageTooLarge' ? (limits.data?.imageMaxBytes ?? 0) : (limits.data?.maxBytes ?? 0));
        return t('upload.status.refused', { reason: t(`upload.refusal.${item.refusal ?? 'badType'}`, { max }) });
      }
      case 'waiting':
        return t('upload.status.waiting');
      case 'processing':
        return t('upload.status.processing');
      case 'done':
        return t('upload.status.done');
      case 'cancelled':
        return t('upload.status.cancelled');
    }
  };

  const done = items.filter((i) => i.status === 'done').length;
  const accept = limits.data?.types.flatMap((type) => type.extensions.map((ext) => `.${ext}`)).join(',');

  return (
    <Stack gap="sm">
      {limits.isError && <Alert color="red">{t('upload.limitsFailed', { error: (limits.error as Error).message })}</Alert>}
      <Paper
        withBorder
        p="lg"
        data-testid="upload-drop-zone"
        data-dragging={dragging || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap={6}>
          <IconCloudUpload size={40} stroke={1.4} color="var(--mantine-color-blue-6)" />
          <Group gap={6} justify="center">
            <Text>{t('upload.drop')}</Text>
            <Button variant="light" size="xs" disabled={!limits.data} onClick={() => input.current?.click()}>
              {t('upload.choose')}
            </Button>
          </Group>
          {limits.data ? (
            <>
              <Text size="sm" c="dimmed">
                {t('upload.limits', { max: formatSize(limits.data.maxBytes), imageMax: formatSize(limits.data.imageMaxBytes) })}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {t('upload.types', { types: limits.data.types.flatMap((type) => type.extensions.map((ext) => ext.toUpperCase())).join(', ') })}
              </Text>
            </>
          ) : (
            !limits.isError && <Text size="sm" c="dimmed">{t('upload.loadingLimits')}</Text>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept}
          aria-label={t('upload.choose')}
          onChange={(event) => {
            if (limits.data) add(event.currentTarget.files, limits.data);
            // The same file may be chosen again after a cancel.
            event.currentTarget.value = '';
          }}
        />
      </Paper>

      {items.length > 0 && (
        <Group justify="space-between">
          <Text size="sm">{t('upload.summary', { done, total: items.length })}</Text>
          <Button variant="subtle" size="compact-sm" disabled={!items.some((i) => FINISHED.includes(i.status))} onClick={() => setItems((list) => list.filter((i) => !FINISHED.includes(i.status)))}>
            {t('upload.clearDone')}
          </Button>
        </Group>
      )}
      <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('upload.title')}>
        {items.map((item) => {
          const percent = item.total ? (item.loaded / item.total) * 100 : 0;
          const color = item.status === 'done' ? 'teal' : item.status === 'failed' || item.status === 'refused' ? 'red' : item.status === 'cancelled' ? 'gray' : 'blue';
          return (
            <Box component="li" key={item.id} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} aria-label={item.file.name}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }} title={item.file.name}>
                  {item.file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatSize(item.file.size)}
                </Text>
                <Text size="xs" c={color === 'blue' ? undefined : color} style={{ whiteSpace: 'nowrap' }}>
                  {statusText(item)}
                </Text>
                {item.status === 'waiting' || RUNNING.includes(item.status) ? (
                  <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconX size={12} />} onClick={() => cancel(item)}>
                    {t('upload.cancel')}
                  </Button>
                ) : (
                  <Button size="compact-xs" variant="subtle" color="gray" onClick={() => remove(item)}>
                    {t('upload.remove')}
                  </Button>
                )}
              </Group>
              {item.status !== 'refused' && (
                <Progress
                  mt={4}
                  size="sm"
                  color={color}
                  value={item.status === 'done' ? 100 : percent}
                  striped={item.status === 'processing'}
                  animated={item.status === 'processing'}
                  aria-label={`${item.file.name} ${Math.floor(item.status === 'done' ? 100 : percent)}%`}
                />
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
