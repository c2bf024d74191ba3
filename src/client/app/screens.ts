import type { ComponentType } from 'react';

/**
 * The screens that menu entries open, keyed by the menu url without its leading slash, exactly as
 * the menu table stores it (e.g. `'fall/project'`, `'sys/user'`). Add one line per screen:
 *
 *   'sys/user': () => import('../features/system/users/users-page'),
 *
 * A menu whose url has no entry here shows a "not built yet" placeholder inside the layout.
 */
export const SCREENS: Record<string, () => Promise<{ default: ComponentType }>> = {
  'sys/user': () => import('../features/system/users/users-page'),
  'sys/role': () => import('../features/system/roles/roles-page'),
  'sys/menu': () => import('../features/system/menus/menus-page'),

  'sys/dictionary': () => import('../features/system/dictionary/dictionary-page'),
  'sys/config': () => import('../features/system/config/config-page'),
  'sys/content': () => import('../features/system/content/content-page'),
  'sys/log': () => import('../features/system/logs/log-page'),
  'sys/history-user': () => import('../features/system/history/history-page'),
  'sys/online-user': () => import('../features/system/online/online-page'),
  'xmlx': () => import('../features/system/xmlx/xmlx-page'),
  'job/schedule': () => import('../features/jobs/jobs-page'),
  'job/schedule-log': () => import('../features/jobs/job-log-page'),
  'oss/oss': () => import('../features/oss/files-page'),
  'oss/oss-config': () => import('../features/oss/oss-config-page'),
  'ship/cards': () => import('../features/scenes/cards-page'),
  'ship/scene-list': () => import('../features/scenes/scene-list-page'),
  'fall/project': () => import('../features/operations/projects/projects-page'),
  'fall/device': () => import('../features/operations/devices/devices-page'),
  'fall/eqInfo': () => import('../features/operations/equipment/equipment-page'),
  'app/user': () => import('../features/app/customers/customers-page'),
  'app/bill': () => import('../features/app/bills/bills-page'),
  'app/bill-record': () => import('../features/app/bill-records/bill-records-page'),
  'fall/order': () => import('../features/operations/orders/orders-page'),
  'fall/report': () => import('../features/operations/reports/reports-page'),
  'fall/train': () => import('../features/operations/trainings/trainings-page'),
  'fall/draw': () => import('../features/operations/drawings/drawings-page'),
  'fall/monitor': () => import('../features/operations/monitors/monitors-page'),
  'fall/detect': () => import('../features/operations/detect/detect-page'),
  'fall/others': () => import('../features/operations/sensors/sensors-page'),
};
