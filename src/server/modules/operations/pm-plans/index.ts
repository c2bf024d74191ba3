import type { AppInstance } from '../../../app-instance';
import { pmPlanRoutes } from './pm-plans.routes';

/** fall/pm-plan: preventive plans and the orders they open ahead of time (docs/maintenance.md "Preventive plans"). */
export async function pmPlansModule(app: AppInstance): Promise<void> {
  await pmPlanRoutes(app);
}

export { PLAN_SWEEP_SECONDS, sweepPlans } from './pm-plan.service';
