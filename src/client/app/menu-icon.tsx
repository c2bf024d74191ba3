import type { ComponentType } from 'react';
import {
  IconAdjustments, IconApps, IconBook, IconBuilding, IconCategory, IconClipboardList, IconClock, IconClockPlay, IconCpu,
  IconCpu2, IconDeviceDesktop, IconDroplet, IconExternalLink, IconFileText, IconFiles, IconFolder, IconGauge, IconHistory,
  IconLayoutCards, IconLayoutDashboard, IconListDetails, IconLogin, IconMenu2, IconPhoto, IconPoint, IconReceipt,
  IconReport, IconSchool, IconSettings, IconShield, IconSpeakerphone, IconTool, IconUpload, IconUser, IconUsers,
  IconUsersGroup, IconVideo, type IconProps,
} from '@tabler/icons-react';

/** The icon names the menu table uses (src/server/db/seed/menus.ts), mapped to Tabler icons. */
const ICONS: Record<string, ComponentType<IconProps>> = {
  adjustments: IconAdjustments, apps: IconApps, book: IconBook, building: IconBuilding, category: IconCategory,
  'clipboard-list': IconClipboardList, clock: IconClock, 'clock-play': IconClockPlay, cpu: IconCpu, 'cpu-2': IconCpu2,
  'device-desktop': IconDeviceDesktop, droplet: IconDroplet, 'external-link': IconExternalLink, 'file-text': IconFileText,
  files: IconFiles, folder: IconFolder, gauge: IconGauge, history: IconHistory, 'layout-cards': IconLayoutCards,
  'layout-dashboard': IconLayoutDashboard, 'list-details': IconListDetails, login: IconLogin, 'menu-2': IconMenu2,
  photo: IconPhoto, receipt: IconReceipt, report: IconReport, school: IconSchool, settings: IconSettings,
  shield: IconShield, speakerphone: IconSpeakerphone, tool: IconTool, upload: IconUpload, user: IconUser, users: IconUsers,
  'users-group': IconUsersGroup, video: IconVideo,
};

/** Accepts `name`, `icon-name` or `IconName` spellings; an unknown name gets a neutral dot. */
export function MenuIcon({ name, size = 18 }: { name: string | null | undefined; size?: number }) {
  const key = (name ?? '')
    .replace(/^icon-?/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = ICONS[key] ?? IconPoint;
  return <Icon size={size} stroke={1.6} />;
}
