import { MENU_GROUPS, RESOURCE_LIST, type PermissionCode } from '@shared/resources';

/**
 * The seeded menu tree: every back-office module of spec §2 with its buttons, declared in the
 * resource registry (src/shared/resources.ts) and synced into sys_menu on every start (menu-sync.ts). A menu's url is its
 * route under /main; its menuCode names it for <HasMenu>; its buttons carry the permission codes
 * `<menuCode>#<action>` that routes declare and roles are granted.
 */
export interface MenuSeed {
  name: string;
  nameEn: string;
  icon?: string;
  url?: string;
  menuCode?: string;
  /** Buttons: action → [Chinese, English]; each becomes `<menuCode>#<action>`. */
  buttons?: Record<string, [string, string]>;
  children?: MenuSeed[];
}

/** Showing and restoring archived rows (docs/invariants.md "Archive and delete"): administrators only, see ROLE_SEEDS' `except`. */
export const RESTORE_PERMISSIONS: PermissionCode[] = ['fall-project#restore', 'fall-eqinfo#restore', 'fall-detect#restore'];

/** The menu tree, from the resource registry: each group's directory, then its resources' menus in registry order. */
export const MENU_TREE: MenuSeed[] = Object.values(MENU_GROUPS).map((group) => ({
  name: group.name,
  nameEn: group.nameEn,
  icon: group.icon,
  menuCode: group.code,
  children: RESOURCE_LIST.filter((r) => r.menu?.parent === group.code).map((r) => ({
    name: r.menu!.name,
    nameEn: r.menu!.nameEn,
    url: r.menu!.url,
    menuCode: r.code,
    icon: r.menu!.icon,
    buttons: Object.fromEntries(Object.entries(r.buttons).map(([action, [name, nameEn]]) => [action, [name, nameEn]])),
  })),
}));

/** Screens every signed-in user has, whatever their role (menu codes): granted to every role, also when menu-sync first adds them. */
export const EVERY_ROLE_MENUS: string[] = ['fall-my-order'];

/** Seeded roles; each grant lists permission codes (`x#` grants every button of menu x). */
export const ROLE_SEEDS: { code: string; name: string; nameEn: string; remark: string; remarkEn: string; grants: PermissionCode[] | 'all'; except?: PermissionCode[] }[] = [
  { code: 'administrator', name: '系统管理员', nameEn: 'Administrator', remark: '全部权限', remarkEn: 'Everything', grants: 'all' },
  {
    code: 'manager', name: '项目经理', nameEn: 'Manager', remark: '管理项目、工单、大屏和客户；查看日志', remarkEn: 'Runs projects, orders, walls and customers; reads logs',
    grants: [
      'fall-project#', 'fall-device#', 'fall-eqinfo#', 'fall-order#', 'fall-report#', 'fall-train#', 'fall-draw#', 'fall-monitor#',
      'fall-detect#', 'fall-risk#', 'fall-escalation#', 'fall-alarm-health#', 'fall-oncall#', 'fall-escpolicy#', 'fall-alarmwindow#', 'fall-calendar#', 'fall-checklist#', 'fall-pmplan#', 'fall-my-order#', 'fall-spare#', 'fall-store#', 'fall-stock#', 'fall-reorder#', 'fall-others#', 'fall-stats#', 'sys-xmlx#', 'ship-cards#', 'ship-scene#', 'app-user#', 'app-bill#', 'app-bill-record#',
      'sys-content#', 'sys-log#list', 'sys-log#info', 'sys-history-user#list', 'job-schedule#list', 'job-schedule-log#list',
      'oss-file#list', 'oss-file#upload', 'oss-file#download', 'oss-upload#upload',
    ],
    except: RESTORE_PERMISSIONS,
  },
  {
    code: 'operator', name: '运维人员', nameEn: 'Operator', remark: '处理工单、维修报告、检测板和告警', remarkEn: 'Works orders, reports, boards and warnings',
    grants: [
      'fall-project#list', 'fall-project#info', 'fall-project#stats', 'fall-device#list', 'fall-device#info',
      'fall-eqinfo#list', 'fall-eqinfo#info', 'fall-eqinfo#update', 'fall-order#list', 'fall-order#info', 'fall-order#save',
      'fall-order#update', 'fall-order#accept', 'fall-report#list', 'fall-report#info', 'fall-report#save', 'fall-report#update',
      'fall-train#list', 'fall-train#info', 'fall-draw#list', 'fall-draw#info', 'fall-monitor#list', 'fall-monitor#info',
      'fall-detect#list', 'fall-detect#info', 'fall-detect#deal', 'fall-detect#ack', 'fall-detect#shelve', 'fall-risk#list', 'fall-risk#info', 'fall-risk#dismiss', 'fall-others#list', 'fall-others#info', 'fall-calendar#list', 'fall-calendar#info', 'fall-checklist#list', 'fall-checklist#info', 'fall-pmplan#list', 'fall-pmplan#info', 'fall-my-order#list', 'fall-spare#list', 'fall-spare#info', 'fall-store#list', 'fall-store#info', 'fall-stock#list', 'fall-stock#info', 'fall-reorder#list', 'ship-scene#view',
      'oss-file#upload', 'oss-file#download', 'oss-upload#upload',
    ],
  },
  {
    code: 'viewer', name: '大屏观察员', nameEn: 'Viewer', remark: '查看大屏和只读列表', remarkEn: 'Walls and read-only lists',
    grants: [
      'fall-project#list', 'fall-project#info', 'fall-project#stats', 'fall-eqinfo#list', 'fall-eqinfo#info',
      'fall-order#list', 'fall-order#info', 'fall-detect#list', 'fall-detect#info', 'fall-risk#list', 'fall-risk#info', 'fall-monitor#list', 'fall-draw#list',
      'fall-draw#info', 'fall-my-order#list', 'ship-scene#view', 'ship-scene#list', 'ship-cards#list', 'oss-file#download',
    ],
  },
];
