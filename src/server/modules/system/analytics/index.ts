import type { AppInstance } from '../../../app-instance';
import { analyticsRoutes } from './analytics.routes';
import './analytics-purge';

/** Usage analytics: browsers report page views and actions; administrators read them in sys/analytics. */
export async function analyticsModule(app: AppInstance): Promise<void> {
  await analyticsRoutes(app);
}
