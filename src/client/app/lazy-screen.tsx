import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@shared/constants';
import { progress } from './progress';

export type ScreenModule<P = object> = { default: ComponentType<P> };
export type ScreenLoader<P = object> = () => Promise<ScreenModule<P>>;

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`Screen chunk did not load within ${ms} ms`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Shown while a chunk loads; also the router's fallback before the first navigation ends. */
export function ScreenLoading() {
  const { t } = useTranslation('layout');
  return (
    <Center mih={240} h="100%">
      <Loader type="dots" aria-label={t('loadingScreen')} />
    </Center>
  );
}

export function ChunkError({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Center mih={240} h="100%" p="xl">
      <Stack align="center" gap="sm" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconCloudOff size={30} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {timedOut ? t('chunk.timeout') : t('chunk.failed')}
        </Text>
        <Text c="dimmed" size="sm" ta="center" maw={360}>
          {t('chunk.hint')}
        </Text>
        <Button onClick={onRetry}>{t('chunk.retry')}</Button>
      </Stack>
    </Center>
  );
}

/**
 * A screen loaded as its own chunk. Unlike React.lazy, a failure is not cached forever: a chunk that
 * fails or takes longer than CHUNK_LOAD_TIMEOUT_MS (seed §9) shows an error with a Retry button,
 * and Retry asks the loader again.
 */
export function lazyScreen<P extends object = object>(loader: ScreenLoader<P>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;

  const load = (): Promise<ComponentType<P>> => {
    pending ??= withTimeout(loader(), timeoutMs).then(
      (mod) => (loaded = mod.default),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function LazyScreen(props: P) {
    const [attempt, setAttempt] = useState(0);
    const [failure, setFailure] = useState<unknown>(null);
    const [, setReady] = useState(false);

    useEffect(() => {
      if (loaded) return;
      let alive = true;
      progress.start();
      load()
        .then(
          () => alive && setReady(true),
          (error: unknown) => alive && setFailure(error ?? new Error('chunk failed')),
        )
        .finally(() => progress.done());
      return () => {
        alive = false;
      };
    }, [attempt]);

    const Screen = loaded;
    if (Screen) return <Screen {...props} />;
    if (failure)
      return (
        <ChunkError
          timedOut={failure instanceof ChunkTimeoutError}
          onRetry={() => {
            setFailure(null);
            setAttempt((a) => a + 1);
          }}
        />
      );
    return <ScreenLoading />;
  }
  return LazyScreen;
}
