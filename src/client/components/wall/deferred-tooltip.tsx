import { lazy, Suspense, useSyncExternalStore, type ReactElement } from 'react';
import type { TooltipProps } from '@mantine/core';

const Tooltip = lazy(() => import('./hint-tooltip'));

// A wall on a control-room screen never sees a pointer: its hover hints (Tooltip, Popover and
// floating-ui, a twentieth of the wall's JavaScript) are fetched once someone moves a mouse or touches
// the screen, and only then wrap their targets.
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

/** A Mantine Tooltip that is loaded with the first pointer activity on the page; until then its target alone. */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const armed = useSyncExternalStore(subscribe, () => pointerSeen, () => false);
  if (!armed) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
