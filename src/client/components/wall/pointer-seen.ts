import { useSyncExternalStore } from 'react';

// A wall on a control-room screen never sees a pointer: what only serves a pointer (hover hints,
// chart tooltips) is fetched once someone moves a mouse or touches the screen.
let pointerSeen = false;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  const seen = () => {
    pointerSeen = true;
    window.removeEventListener('pointermove', seen);
    window.removeEventListener('pointerdown', seen);
    listeners.forEach((notify) => notify());
  };
  window.addEventListener('pointermove', seen, { passive: true });
  window.addEventListener('pointerdown', seen, { passive: true });
}
const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/** True from the first pointer activity on the page on. */
export function usePointerSeen(): boolean {
  return useSyncExternalStore(subscribe, () => pointerSeen, () => false);
}
