import type { ReactNode } from 'react';

/**
 * A row action that only some rows have (an order's "Accept" or "Close"): where the row lacks it, the
 * button keeps its place, unseen and out of reach (hidden from assistive technology, not focusable,
 * not clickable), so the actions after it stand in the same place on every row.
 */
export function ActionSlot({ show, children }: { show: boolean; children: ReactNode }) {
  if (show) return <>{children}</>;
  return (
    <span aria-hidden inert data-reserved-slot style={{ visibility: 'hidden', display: 'inline-flex' }}>
      {children}
    </span>
  );
}
