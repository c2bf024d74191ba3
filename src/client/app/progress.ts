import { useSyncExternalStore } from 'react';

/**
 * The top-of-page progress indicator of spec §2: navigations and lazy screen chunks both count as
 * work in flight; the bar shows while any is running.
 */
let active = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const progress = {
  start(): void {
    active += 1;
    if (active === 1) emit();
  },
  done(): void {
    if (active === 0) return;
    active -= 1;
    if (active === 0) emit();
  },
  isRunning(): boolean {
    return active > 0;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useProgressRunning(): boolean {
  return useSyncExternalStore(progress.subscribe, progress.isRunning, progress.isRunning);
}
