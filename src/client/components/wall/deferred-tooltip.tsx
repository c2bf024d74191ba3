import { lazy, Suspense, useContext, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import type { TooltipProps } from '@mantine/core';
import { TooltipSource, type TooltipSourceLoader } from '../tooltip-source';
import { usePointerSeen } from './pointer-seen';

// One lazy component per source, made once: a new lazy() on every render would load and mount again.
const tooltips = new WeakMap<TooltipSourceLoader, LazyExoticComponent<ComponentType<TooltipProps>>>();
function tooltipFrom(source: TooltipSourceLoader) {
  let tooltip = tooltips.get(source);
  if (!tooltip) tooltips.set(source, (tooltip = lazy(source)));
  return tooltip;
}

/**
 * A Mantine Tooltip that is loaded with the first pointer activity on the page; until then its
 * target alone (Tooltip, Popover and floating-ui are a twentieth of the wall's JavaScript). The
 * tooltip comes from the TooltipSource the app's layout provides.
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const armed = usePointerSeen();
  const source = useContext(TooltipSource);
  if (!armed || !source) return children;
  const Tooltip = tooltipFrom(source);
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
