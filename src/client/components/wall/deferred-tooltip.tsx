import { lazy, Suspense, type ReactElement } from 'react';
import type { TooltipProps } from '@mantine/core';
import { usePointerSeen } from './pointer-seen';

const Tooltip = lazy(() => import('./hint-tooltip'));

/**
 * A Mantine Tooltip that is loaded with the first pointer activity on the page; until then its
 * target alone (Tooltip, Popover and floating-ui are a twentieth of the wall's JavaScript).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const armed = usePointerSeen();
  if (!armed) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
