import type { AppInstance } from '../../../app-instance';
import { riskRoutes } from './risks.routes';

/** fall/risk: units at risk, the predictive detector's findings (issue 30, docs/predictive.md). */
export async function risksModule(app: AppInstance): Promise<void> {
  await riskRoutes(app);
}
