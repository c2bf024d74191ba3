import { useEffect, useState, type ComponentType } from 'react';
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

// The loading and error screens are Mantine's, each a chunk of its own: the walls draw without
// Mantine and show neither unless a chunk of theirs fails, and a login never fails to need the error.
function lazyModule<T>(load: () => Promise<{ default: T }>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const get = () =>
    (pending ??= load().then(
      (m) => (value = m.default),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  /** The module's default export once loaded (null until then, and the component renders again). */
  return function useLoaded(wanted: boolean): T | null {
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (!wanted || value) return;
      let alive = true;
      get().then(
        () => alive && setLoaded(true),
        () => undefined,
      );
      return () => {
        alive = false;
      };
    }, [wanted]);
    return value;
  };
}
const useLoadingScreen = lazyModule(() => import('./screen-loading'));
const useChunkError = lazyModule(() => import('./chunk-error'));

/** Shown while a chunk loads; also the router's fallback before the first navigation ends. */
export function ScreenLoading() {
  const Loading = useLoadingScreen(true);
  return Loading ? <Loading /> : null;
}

export interface LazyScreenOptions {
  timeoutMs?: number;
  /** A wall: nothing while its chunk loads (its canvas is dark), and no Mantine unless it fails. */
  plain?: boolean;
}

/**
 * A screen loaded as its own chunk. Unlike React.lazy, a failure is not cached forever: a chunk that
 * fails or takes longer than CHUNK_LOAD_TIMEOUT_MS (spec §9) shows an error with a Retry button,
 * and Retry asks the loader again.
 */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk (route loaders); resolves once the screen can render at once. */
  preload: () => Promise<void>;
};

export function lazyScreen<P extends object = object>(loader: ScreenLoader<P>, options: LazyScreenOptions = {}): LazyScreen<P> {
  const { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, plain = false } = options;
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
    const Loading = useLoadingScreen(!loaded && !plain);
    const ChunkError = useChunkError(!loaded && failure !== null);

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
      return ChunkError ? (
        <ChunkError
          timedOut={failure instanceof ChunkTimeoutError}
          onRetry={() => {
            setFailure(null);
            setAttempt((a) => a + 1);
          }}
        />
      ) : null;
    return !plain && Loading ? <Loading /> : null;
  }
  return Object.assign(LazyScreen, { preload: () => load().then(() => undefined) });
}
