import type { AppInstance } from '../../../app-instance';
import { storeRoutes } from './stores.routes';
import { stockMoveRoutes } from './stock-moves.routes';
import { reorderRoutes } from './reorder.routes';

/** fall/store, fall/stock, fall/reorder: parts stores, stock moves and the reorder list (docs/maintenance.md "Parts and stock"). */
export async function stockModule(app: AppInstance): Promise<void> {
  await storeRoutes(app);
  await stockMoveRoutes(app);
  await reorderRoutes(app);
}

export { applyMove, assertNoIssuedParts, assertNoMoves, issueReportParts } from './stock.service';
