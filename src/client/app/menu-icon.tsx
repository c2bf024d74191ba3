import { lazy, Suspense, type ComponentType } from 'react';
import {
  IconAdjustments, IconAlertTriangle, IconApps, IconBellRinging, IconBook, IconBuilding, IconCalendarEvent, IconCalendarPause, IconCalendarUser,
  IconChecklist, IconCategory, IconChartBar, IconClipboardList, IconClock, IconClockPlay, IconCpu,
  IconCpu2, IconDeviceDesktop, IconDroplet, IconFileText, IconFiles, IconFolder, IconGauge, IconHeartRateMonitor, IconHistory,
  IconLayoutCards, IconLayoutDashboard, IconListDetails, IconLogin, IconMenu2, IconPhoto, IconPoint, IconReceipt,
  IconReport, IconSchool, IconSettings, IconShield, IconSpeakerphone, IconStairsUp, IconTool, IconUpload, IconUser, IconUserCheck, IconUsers,
  IconUsersGroup, IconVideo, type IconProps,
} from '@tabler/icons-react';
import type { MENU_GROUPS, MenuGroupCode, RESOURCES, ResourceKey } from '@shared/resources';

type Registry = typeof RESOURCES;
/** The icon names the registry gives its menus and menu groups (src/shared/resources.ts), which the seeded menu table holds. */
export type RegistryIcon = (typeof MENU_GROUPS)[MenuGroupCode]['icon'] | { [K in ResourceKey]: Registry[K]['menu'] extends { icon: infer I } ? I : never }[ResourceKey];

/**
 * The registry's menu icons, drawn at once: exactly its names (`satisfies` refuses a name the registry
 * lacks, and the record type one it has but this leaves out), so a resource with a new icon fails the
 * typecheck until it is drawn here. Any other name loads the full set lazily (below).
 */
const ICONS: Record<string, ComponentType<IconProps>> = {
  adjustments: IconAdjustments, 'alert-triangle': IconAlertTriangle, apps: IconApps, 'bell-ringing': IconBellRinging, book: IconBook, building: IconBuilding, 'calendar-event': IconCalendarEvent, 'calendar-pause': IconCalendarPause, 'calendar-user': IconCalendarUser, category: IconCategory, checklist: IconChecklist, 'chart-bar': IconChartBar,
  'clipboard-list': IconClipboardList, clock: IconClock, 'clock-play': IconClockPlay, cpu: IconCpu, 'cpu-2': IconCpu2,
  'device-desktop': IconDeviceDesktop, droplet: IconDroplet, 'file-text': IconFileText,
  files: IconFiles, folder: IconFolder, gauge: IconGauge, 'heart-rate-monitor': IconHeartRateMonitor, history: IconHistory, 'layout-cards': IconLayoutCards,
  'layout-dashboard': IconLayoutDashboard, 'list-details': IconListDetails, login: IconLogin, 'menu-2': IconMenu2,
  photo: IconPhoto, receipt: IconReceipt, report: IconReport, school: IconSchool, settings: IconSettings,
  shield: IconShield, speakerphone: IconSpeakerphone, 'stairs-up': IconStairsUp, tool: IconTool, upload: IconUpload, user: IconUser, 'user-check': IconUserCheck, users: IconUsers,
  'users-group': IconUsersGroup, video: IconVideo,
} satisfies Record<RegistryIcon, ComponentType<IconProps>>;

const IconGlyph = lazy(() => import('@client/components/icon-glyph'));

/**
 * Accepts `name`, `icon-name` or `IconName` spellings. The icons of the seeded menus are drawn at once;
 * any other of the ~6,000 Tabler names the menu screen offers loads the full icon set on first use
 * (a neutral dot meanwhile, and for a name Tabler does not have).
 */
export function MenuIcon({ name, size = 18 }: { name: string | null | undefined; size?: number }) {
  const key = (name ?? '')
    .replace(/^icon-?/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = ICONS[key];
  if (Icon) return <Icon size={size} stroke={1.6} />;
  const dot = <IconPoint size={size} stroke={1.6} />;
  if (!key) return dot;
  return (
    <Suspense fallback={dot}>
      <IconGlyph name={key} size={size} fallback={dot} />
    </Suspense>
  );
}
