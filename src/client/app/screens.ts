import type { ComponentType } from 'react';
import { RESOURCES, type ResourceKey } from '@shared/resources';

type ScreenLoader = () => Promise<{ default: ComponentType }>;
/** The resources that have a menu entry (the registry's `menu`), so a screen can open from it. */
type MenuResourceKey = { [K in ResourceKey]: (typeof RESOURCES)[K]['menu'] extends null ? never : K }[ResourceKey];

/**
 * The screen of each resource's menu entry, by its registry key (src/shared/resources.ts). Add one
 * line per screen:
 *
 *   user: () => import('../features/system/users/users-page'),
 *
 * A menu whose resource has no entry here shows a "not built yet" placeholder inside the layout.
 */
const LOADERS: Partial<Record<MenuResourceKey, ScreenLoader>> = {
  user: () => import('../features/system/users/users-page'),
  role: () => import('../features/system/roles/roles-page'),
  menu: () => import('../features/system/menus/menus-page'),
  dictionary: () => import('../features/system/dictionary/dictionary-page'),
  config: () => import('../features/system/config/config-page'),
  content: () => import('../features/system/content/content-page'),
  log: () => import('../features/system/logs/log-page'),
  loginLog: () => import('../features/system/history/history-page'),
  online: () => import('../features/system/online/online-page'),
  projectType: () => import('../features/system/xmlx/xmlx-page'),
  job: () => import('../features/jobs/jobs-page'),
  jobLog: () => import('../features/jobs/job-log-page'),
  file: () => import('../features/oss/files-page'),
  ossConfig: () => import('../features/oss/oss-config-page'),
  upload: () => import('../features/oss/upload-page'),
  card: () => import('../features/scenes/cards-page'),
  scene: () => import('../features/scenes/scene-list-page'),
  project: () => import('../features/operations/projects/projects-page'),
  device: () => import('../features/operations/devices/devices-page'),
  equipment: () => import('../features/operations/equipment/equipment-page'),
  customer: () => import('../features/app/customers/customers-page'),
  bill: () => import('../features/app/bills/bills-page'),
  billRecord: () => import('../features/app/bill-records/bill-records-page'),
  order: () => import('../features/operations/orders/orders-page'),
  report: () => import('../features/operations/reports/reports-page'),
  training: () => import('../features/operations/trainings/trainings-page'),
  drawing: () => import('../features/operations/drawings/drawings-page'),
  monitor: () => import('../features/operations/monitors/monitors-page'),
  detect: () => import('../features/operations/detect/detect-page'),
  sensor: () => import('../features/operations/sensors/sensors-page'),
  sparePart: () => import('../features/operations/spare-parts/spare-parts-page'),
};

/**
 * The same screens keyed by the menu url without its leading slash, exactly as the menu table
 * stores it (e.g. `'fall/project'`, `'sys/user'`), which is how a menu entry finds its screen.
 */
export const SCREENS: Record<string, ScreenLoader> = Object.fromEntries(
  Object.entries(LOADERS).map(([key, loader]) => [RESOURCES[key as MenuResourceKey].menu.url, loader]),
);
