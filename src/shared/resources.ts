import type { LiveTopic } from './live';
import type { FileOwnerType } from './contracts/file';

/**
 * The resource registry: one record per back-office resource, read by everything that used to
 * repeat it — the server's routes (resourceRoutes' `resource`: base path, permission code, sortable
 * columns), the menu tree synced into sys_menu on every start (db/seed/menus.ts, menu-sync.ts), the
 * client's screens (app/screens.ts), the live topics a change publishes (live/index.ts) and the
 * queries they refresh (client lib/live.ts), the operation log's read actions and menu (oplog.ts),
 * and the kinds of records that own files (files/owners.ts). src/server/registry.test.ts checks it
 * against the routes the server really registers.
 *
 * Legacy codes kept from the original system: `ball`/`fall` = the water-feature ("fall") operations
 * area, `ship` = the display wall, `xmlx` = project types, `eqinfo` = installed equipment,
 * `others` = sensors.
 */

/** A button: the action of its permission code `<code>#<action>`, named in Chinese and English. */
export type ButtonNames = readonly [zh: string, en: string];

export interface MenuGroup {
  /** The directory's menu code (its buttons' codes start with it: `fall` → `fall-order`). */
  code: string;
  name: string;
  nameEn: string;
  icon: string;
}

/** The menu directories, in the order the navigation shows them. */
export const MENU_GROUPS = {
  fall: { code: 'fall', name: '水景运维', nameEn: 'Operations', icon: 'droplet' },
  ship: { code: 'ship', name: '大屏展示', nameEn: 'Wall', icon: 'device-desktop' },
  app: { code: 'app', name: '应用管理', nameEn: 'Application', icon: 'apps' },
  job: { code: 'job', name: '定时任务', nameEn: 'Scheduling', icon: 'clock' },
  oss: { code: 'oss', name: '文件存储', nameEn: 'File storage', icon: 'folder' },
  sys: { code: 'sys', name: '系统管理', nameEn: 'System', icon: 'settings' },
} as const satisfies Record<string, MenuGroup>;
export type MenuGroupCode = keyof typeof MENU_GROUPS;

export interface ResourceMenu {
  /** The screen's url under /main, exactly as sys_menu stores it (app/screens.ts is keyed by it). */
  url: string;
  parent: MenuGroupCode;
  name: string;
  nameEn: string;
  icon: string;
}

/** A change through `<api>/<action>` (POST, answered below 400) publishes these topics. */
export interface LivePublish {
  readonly actions: readonly string[];
  readonly topics: readonly LiveTopic[];
}

export interface Resource {
  /**
   * Path under the API prefix, e.g. '/ball/fallorder'; null for a screen with no API of its own.
   * Also the root of the client's query keys for this resource.
   */
  api: string | null;
  /** Permission (menu) code: its buttons are `<code>#<action>`, which routes declare and roles are granted. */
  code: string;
  /** The menu entry; null for a resource served under another's menu and buttons (warnings → detect). */
  menu: ResourceMenu | null;
  /** Buttons in menu order: action → names. Empty when `menu` is null. */
  buttons: Readonly<Record<string, ButtonNames>>;
  /** List columns a client may sort by (the `sort` of a list request). */
  sortable?: readonly string[];
  /** Actions besides list/listAll/info/export that only read (the operation log skips them). */
  reads?: readonly string[];
  live?: {
    /** Topics a successful change publishes, by action. */
    readonly publish?: readonly LivePublish[];
    /** Topics that make this resource's cached queries stale on the client. */
    readonly refreshOn?: readonly LiveTopic[];
  };
  /** Kinds of record of this resource that own uploaded files (files/owners.ts). */
  fileOwners?: readonly FileOwnerType[];
}

// Literal button sets (not Record<string, …>): a resource's actions stay known to the typecheck, so
// a permission code written elsewhere (PermissionCode) is checked against them.
const CRUD = {
  list: ['查询', 'List'],
  info: ['详情', 'View'],
  save: ['新增', 'Add'],
  update: ['修改', 'Edit'],
  delete: ['删除', 'Delete'],
  export: ['导出', 'Export'],
} as const satisfies Record<string, ButtonNames>;
const READ = { list: ['查询', 'List'], info: ['详情', 'View'], export: ['导出', 'Export'] } as const satisfies Record<string, ButtonNames>;
/** Showing and restoring archived rows: administrators only (ROLE_SEEDS' `except`). */
const RESTORE = { restore: ['恢复归档', 'Restore archived'] } as const satisfies Record<string, ButtonNames>;

// The icon stays a literal type: the client's menu icons (app/menu-icon.tsx) are checked against the names used here.
const menu = <const Icon extends string>(parent: MenuGroupCode, url: string, name: string, nameEn: string, icon: Icon): ResourceMenu & { icon: Icon } => ({ parent, url, name, nameEn, icon });

/** Every resource, in menu order within each group. */
export const RESOURCES = {
  project: {
    api: '/ball/fallproject',
    code: 'fall-project',
    menu: menu('fall', 'fall/project', '项目管理', 'Projects', 'building'),
    buttons: { ...CRUD, stats: ['统计', 'Statistics'], password: ['访问密码', 'Access passwords'], ...RESTORE },
    sortable: ['name', 'uniqueKey', 'status', 'area', 'country', 'city', 'totalArea', 'createdAt'],
    reads: ['existUniqueKey', 'selectProjects', 'repairSpeedList', 'repairQualityList', 'statOrders', 'dashboardCharts'],
    // Archiving or restoring a project takes its equipment and boards with it.
    live: { publish: [{ actions: ['delete', 'restore'], topics: ['equipment', 'board'] }] },
    fileOwners: ['fall_project', 'fall_project_intro'],
  },
  device: {
    api: '/ball/falldevice',
    code: 'fall-device',
    menu: menu('fall', 'fall/device', '设备型号', 'Device models', 'cpu'),
    buttons: CRUD,
    sortable: ['name', 'category', 'maker', 'model', 'createdAt'],
    fileOwners: ['fall_device'],
  },
  equipment: {
    api: '/ball/falleqinfo',
    code: 'fall-eqinfo',
    menu: menu('fall', 'fall/eqInfo', '设备台账', 'Equipment', 'tool'),
    buttons: { ...CRUD, ...RESTORE },
    sortable: ['name', 'serial', 'state', 'stateSince', 'projectName', 'projectNameEn', 'deviceName', 'createdAt'],
    live: { publish: [{ actions: ['save', 'update', 'delete', 'restore'], topics: ['equipment'] }], refreshOn: ['equipment'] },
    fileOwners: ['fall_eq_info'],
  },
  order: {
    api: '/ball/fallorder',
    code: 'fall-order',
    menu: menu('fall', 'fall/order', '维修工单', 'Maintenance orders', 'clipboard-list'),
    buttons: { ...CRUD, accept: ['受理', 'Accept'], close: ['关闭', 'Close'], assign: ['指派', 'Assign'] },
    reads: ['assignees'],
    sortable: ['submittedAt', 'number', 'status', 'priority'],
    live: { publish: [{ actions: ['save', 'update', 'accept', 'close', 'delete'], topics: ['order', 'equipment'] }], refreshOn: ['order'] },
    fileOwners: ['fall_order'],
  },
  /** The caller's own open orders, by due time (docs/maintenance.md "Assignment and notifications"); every role holds it. */
  myOrder: {
    api: '/ball/myorder',
    code: 'fall-my-order',
    menu: menu('fall', 'fall/my-order', '我的工单', 'My orders', 'user-check'),
    buttons: { list: ['查询', 'List'] },
    live: { refreshOn: ['order'] },
  },
  report: {
    api: '/ball/fallreport',
    code: 'fall-report',
    menu: menu('fall', 'fall/report', '维修报告', 'Maintenance reports', 'report'),
    buttons: CRUD,
    sortable: ['repairAt', 'completedAt', 'durationHours', 'result'],
    live: { publish: [{ actions: ['save', 'update', 'delete'], topics: ['order', 'equipment'] }], refreshOn: ['order'] },
    fileOwners: ['fall_report'],
  },
  training: {
    api: '/ball/falltrain',
    code: 'fall-train',
    menu: menu('fall', 'fall/train', '培训资料', 'Training', 'school'),
    buttons: CRUD,
    sortable: ['name', 'trainAt', 'createdAt'],
    fileOwners: ['fall_train'],
  },
  drawing: {
    api: '/ball/falldraw',
    code: 'fall-draw',
    menu: menu('fall', 'fall/draw', '图纸管理', 'Drawings', 'photo'),
    buttons: CRUD,
    sortable: ['name', 'sort', 'createdAt'],
    fileOwners: ['fall_draw'],
  },
  monitor: {
    api: '/ball/fallmonitor',
    code: 'fall-monitor',
    menu: menu('fall', 'fall/monitor', '视频监控', 'Cameras', 'video'),
    buttons: CRUD,
    sortable: ['name', 'serial', 'createdAt'],
    fileOwners: ['fall_monitor'],
  },
  detect: {
    api: '/ball/falldetect',
    code: 'fall-detect',
    menu: menu('fall', 'fall/detect', '检测板', 'Detection boards', 'cpu-2'),
    buttons: { ...CRUD, deal: ['处理告警', 'Deal with warnings'], ack: ['确认告警', 'Acknowledge alarms'], shelve: ['搁置告警', 'Shelve alarms'], key: ['板卡密钥', 'Board keys'], ...RESTORE },
    sortable: ['boardName', 'boardNo', 'lastSeen', 'createdAt'],
    live: {
      publish: [{ actions: ['save', 'update', 'delete', 'restore', 'channels/update'], topics: ['board', 'equipment'] }],
      refreshOn: ['warning', 'channel', 'board'],
    },
  },
  /** A board's warnings: served under the detection boards' menu and buttons. */
  warning: {
    api: '/ball/fallwarning',
    code: 'fall-detect',
    menu: null,
    buttons: {},
    /** The walls' alarms and the ticker's latest warnings are POSTs that only read (never in the operation log). */
    reads: ['alarms', 'latest'],
    live: { publish: [{ actions: ['deal'], topics: ['warning', 'equipment'] }], refreshOn: ['warning'] },
  },
  /**
   * Units at risk (issue 30, docs/predictive.md): what the predictive detector found on channels heading
   * for a fault; read, trend, and "not a problem" (dismiss). `byOrder` and `trend` are GETs.
   */
  risk: {
    api: '/ball/fallrisk',
    code: 'fall-risk',
    menu: menu('fall', 'fall/risk', '风险设备', 'Units at risk', 'alert-triangle'),
    buttons: { list: ['查询', 'List'], info: ['详情', 'View'], dismiss: ['排除风险', 'Not a problem'] },
    live: { publish: [{ actions: ['dismiss'], topics: ['risk', 'order', 'equipment'] }], refreshOn: ['risk', 'order'] },
  },
  /** Who is told, per project and escalation level, when an alarm stays unacknowledged (issue 26). */
  escalationRecipient: {
    api: '/ball/fallescalation',
    code: 'fall-escalation',
    menu: menu('fall', 'fall/escalation', '告警升级通知', 'Escalation recipients', 'bell-ringing'),
    buttons: CRUD,
    sortable: ['level', 'channel', 'projectName', 'createdAt'],
  },
  /** A project's on-call rosters: people and their weekly hours, overrides for a date (issue 38). */
  oncallRoster: {
    api: '/ball/falloncall',
    code: 'fall-oncall',
    menu: menu('fall', 'fall/oncall', '值班表', 'On-call rosters', 'calendar-user'),
    buttons: CRUD,
    sortable: ['name', 'tier', 'projectName', 'createdAt'],
    reads: ['now', 'users'],
  },
  /** A project's escalation policy: steps of wait-then-tell the on-call person, and re-notification (issue 38). */
  escalationPolicy: {
    api: '/ball/fallescpolicy',
    code: 'fall-escpolicy',
    menu: menu('fall', 'fall/escpolicy', '升级策略', 'Escalation policies', 'stairs-up'),
    buttons: CRUD,
    sortable: ['name', 'projectName', 'createdAt'],
  },
  /** A project's alarm maintenance windows: weekly hours or a range of days when its alarms are suppressed (issue 38). */
  alarmWindow: {
    api: '/ball/fallalarmwindow',
    code: 'fall-alarmwindow',
    menu: menu('fall', 'fall/alarm-window', '告警维护窗口', 'Maintenance windows', 'calendar-pause'),
    buttons: CRUD,
    sortable: ['name', 'kind', 'projectName', 'createdAt'],
  },
  /** A project's operating calendar: show programmes, closed seasons, holidays and one-off events (issue 39). */
  calendar: {
    api: '/ball/fallcalendar',
    code: 'fall-calendar',
    menu: menu('fall', 'fall/calendar', '运营日历', 'Operating calendar', 'calendar-event'),
    buttons: CRUD,
    sortable: ['name', 'kind', 'projectName', 'dateFrom', 'createdAt'],
    // The project walls' show state (and, counted in show hours, the units' availability) follow a change at once.
    live: { publish: [{ actions: ['save', 'update', 'delete'], topics: ['equipment'] }] },
  },
  /** Checklist templates: typed items a technician fills in a report (issue 39). */
  checklist: {
    api: '/ball/fallchecklist',
    code: 'fall-checklist',
    menu: menu('fall', 'fall/checklist', '检查表模板', 'Checklists', 'checklist'),
    buttons: CRUD,
    sortable: ['name', 'createdAt', 'updatedAt'],
  },
  /** Preventive plans: work opened ahead of its due date by calendar, meter or season (issue 39). */
  pmPlan: {
    api: '/ball/fallpmplan',
    code: 'fall-pmplan',
    menu: menu('fall', 'fall/pm-plan', '保养计划', 'Preventive plans', 'clock-play'),
    buttons: CRUD,
    sortable: ['name', 'projectName', 'trigger', 'createdAt'],
    reads: ['due'],
  },
  sensor: {
    api: '/ball/fallothers',
    code: 'fall-others',
    menu: menu('fall', 'fall/others', '传感器', 'Sensors', 'gauge'),
    buttons: CRUD,
    sortable: ['name', 'kind', 'value', 'updatedAt'],
  },
  sparePart: {
    api: '/ball/fallspare',
    code: 'fall-spare',
    menu: menu('fall', 'fall/spare', '备品备件', 'Spare parts', 'list-details'),
    buttons: CRUD,
    sortable: ['name', 'partNo', 'quantity', 'equipmentName', 'unitCost', 'createdAt'],
  },
  /** Parts stores, a project's own (issue 39, docs/maintenance.md "Parts and stock"). */
  store: {
    api: '/ball/fallstore',
    code: 'fall-store',
    menu: menu('fall', 'fall/store', '备件仓库', 'Parts stores', 'building'),
    buttons: CRUD,
    sortable: ['name', 'projectName', 'createdAt'],
  },
  /** Stock moves: receipts and adjustments by hand, issues from reports; never edited. `available` reads a project's stock for the report form. */
  stockMove: {
    api: '/ball/fallstock',
    code: 'fall-stock',
    menu: menu('fall', 'fall/stock', '库存流水', 'Stock moves', 'receipt'),
    buttons: { list: ['查询', 'List'], info: ['详情', 'View'], save: ['入库或调整', 'Receive or adjust'], export: ['导出', 'Export'] },
    sortable: ['at', 'quantity', 'partName', 'kind'],
    reads: ['available'],
  },
  /** The parts at or under their reorder point, per store. Reads only. */
  reorder: {
    api: '/ball/fallreorder',
    code: 'fall-reorder',
    menu: menu('fall', 'fall/reorder', '补货清单', 'Reorder list', 'clipboard-list'),
    buttons: { list: ['查询', 'List'], export: ['导出', 'Export'] },
    sortable: ['partName', 'storeName', 'quantity'],
  },
  /**
   * The manager's statistics screen (issue 17): reads only; `figures` is a POST that never goes to the
   * operation log (read action names are global: a name like `report` would also hide the boards' pushes).
   */
  statistics: {
    api: '/ball/stats',
    code: 'fall-stats',
    menu: menu('fall', 'fall/stats', '统计分析', 'Statistics', 'chart-bar'),
    buttons: { list: ['查询', 'List'], export: ['导出', 'Export'] },
    reads: ['figures'],
    live: { refreshOn: ['warning', 'equipment', 'order', 'risk'] },
  },
  /**
   * The alarm system's own health (issue 38, docs/alarms.md "Health"): ISA-18.2 / EEMUA 191 figures
   * from the warning journal, each drilled to its alarms, and an xlsx of them. Reads only.
   */
  alarmHealth: {
    api: '/ball/alarmhealth',
    code: 'fall-alarm-health',
    menu: menu('fall', 'fall/alarm-health', '告警系统健康', 'Alarm system health', 'heart-rate-monitor'),
    buttons: { list: ['查询', 'List'], export: ['导出', 'Export'] },
    reads: ['figures', 'drill'],
    live: { refreshOn: ['warning'] },
  },
  projectType: {
    api: '/sys/xmlx',
    code: 'sys-xmlx',
    menu: menu('fall', 'xmlx', '项目类型', 'Project types', 'category'),
    buttons: { ...CRUD, upload: ['导入', 'Import'] },
    fileOwners: ['sys_xmlx'],
  },
  card: {
    api: '/ship/cards',
    code: 'ship-cards',
    menu: menu('ship', 'ship/cards', '卡片管理', 'Cards', 'layout-cards'),
    buttons: CRUD,
    sortable: ['name', 'type', 'createdAt'],
  },
  scene: {
    api: '/ship/scene',
    code: 'ship-scene',
    menu: menu('ship', 'ship/scene-list', '场景管理', 'Scenes', 'layout-dashboard'),
    buttons: { ...CRUD, view: ['查看大屏', 'View walls'], token: ['展示令牌', 'Display tokens'] },
    sortable: ['name', 'updatedAt', 'isDefault'],
  },
  customer: {
    api: '/app/user',
    code: 'app-user',
    menu: menu('app', 'app/user', '客户管理', 'Customers', 'users'),
    buttons: CRUD,
    sortable: ['name', 'createdAt', 'status'],
    fileOwners: ['app_user'],
  },
  bill: {
    api: '/app/bill',
    code: 'app-bill',
    menu: menu('app', 'app/bill', '账单管理', 'Bills', 'receipt'),
    buttons: CRUD,
    sortable: ['number', 'amount', 'at', 'billState'],
  },
  billRecord: {
    api: '/app/bill-record',
    code: 'app-bill-record',
    menu: menu('app', 'app/bill-record', '账单记录', 'Bill records', 'history'),
    buttons: READ,
    sortable: ['at', 'billNumber'],
  },
  job: {
    api: '/job/schedule',
    code: 'job-schedule',
    menu: menu('job', 'job/schedule', '任务管理', 'Jobs', 'clock-play'),
    buttons: { ...CRUD, run: ['立即执行', 'Run now'], pause: ['暂停', 'Pause'], resume: ['恢复', 'Resume'] },
    sortable: ['name', 'handler', 'createdAt'],
  },
  jobLog: {
    api: '/job/schedule-log',
    code: 'job-schedule-log',
    menu: menu('job', 'job/schedule-log', '任务日志', 'Job log', 'list-details'),
    buttons: READ,
    sortable: ['at', 'durationMs'],
  },
  file: {
    api: '/oss/file',
    code: 'oss-file',
    menu: menu('oss', 'oss/oss', '文件管理', 'Files', 'files'),
    buttons: { list: ['查询', 'List'], info: ['详情', 'View'], delete: ['删除', 'Delete'], export: ['导出', 'Export'], upload: ['上传', 'Upload'], download: ['下载', 'Download'] },
    sortable: ['originalName', 'size', 'createdAt'],
  },
  ossConfig: {
    api: '/oss/config',
    code: 'oss-config',
    menu: menu('oss', 'oss/oss-config', '存储配置', 'Storage config', 'settings'),
    buttons: CRUD,
    sortable: ['name', 'createdAt'],
  },
  /** The upload screen: uploads go through /oss/file/upload (any signed-in user may call it). */
  upload: {
    api: null,
    code: 'oss-upload',
    menu: menu('oss', 'oss/oss-upload', '文件上传', 'Upload', 'upload'),
    buttons: { upload: ['上传', 'Upload'] },
  },
  user: {
    api: '/sys/user',
    code: 'sys-user',
    menu: menu('sys', 'sys/user', '用户管理', 'Users', 'user'),
    buttons: { ...CRUD, resetPassword: ['重置密码', 'Reset password'], status: ['启用/禁用', 'Enable / disable'] },
    sortable: ['username', 'realName', 'status', 'createdAt', 'expireAt'],
  },
  role: {
    api: '/sys/role',
    code: 'sys-role',
    menu: menu('sys', 'sys/role', '角色管理', 'Roles', 'shield'),
    buttons: CRUD,
    sortable: ['code', 'name', 'createdAt'],
    reads: ['select'],
  },
  menu: {
    api: '/sys/menu',
    code: 'sys-menu',
    menu: menu('sys', 'sys/menu', '菜单管理', 'Menus', 'menu-2'),
    buttons: { ...CRUD, status: ['启用/禁用', 'Enable / disable'] },
    reads: ['select', 'nav', 'queryAllMenuId'],
  },
  dictionary: {
    api: '/sys/sysdictionary',
    code: 'sys-dictionary',
    menu: menu('sys', 'sys/dictionary', '字典管理', 'Dictionaries', 'book'),
    buttons: CRUD,
    sortable: ['type', 'value', 'sort', 'label'],
    reads: ['dictionary'],
  },
  config: {
    api: '/sys/config',
    code: 'sys-config',
    menu: menu('sys', 'sys/config', '参数配置', 'Configuration', 'adjustments'),
    buttons: CRUD,
  },
  content: {
    api: '/sys/content',
    code: 'sys-content',
    menu: menu('sys', 'sys/content', '通知公告', 'Notices', 'speakerphone'),
    buttons: CRUD,
    sortable: ['title', 'fromAt', 'createdAt', 'updatedAt'],
    live: { publish: [{ actions: ['save', 'update', 'delete'], topics: ['notice'] }], refreshOn: ['notice'] },
    fileOwners: ['sys_content'],
  },
  log: {
    api: '/sys/log',
    code: 'sys-log',
    menu: menu('sys', 'sys/log', '操作日志', 'Operation log', 'file-text'),
    buttons: { ...READ, delete: ['清理', 'Purge'] },
    sortable: ['at', 'username', 'module', 'durationMs'],
  },
  loginLog: {
    api: '/sys/history-user',
    code: 'sys-history-user',
    menu: menu('sys', 'sys/history-user', '登录日志', 'Login history', 'login'),
    buttons: { ...READ, delete: ['清理', 'Purge'] },
    sortable: ['at', 'username', 'ip'],
  },
  online: {
    api: '/sys/online-user',
    code: 'sys-online-user',
    menu: menu('sys', 'sys/online-user', '在线用户', 'Online users', 'users-group'),
    buttons: { list: ['查询', 'List'], kickout: ['强制下线', 'Force logout'] },
  },
  /** Usage analytics: page views and actions per screen and per user (browsers report through /analytics/events). */
  usage: {
    api: '/sys/analytics',
    code: 'sys-analytics',
    menu: menu('sys', 'sys/analytics', '使用分析', 'Usage', 'chart-bar'),
    buttons: { list: ['查询', 'List'] },
  },
} as const satisfies Record<string, Resource>;

export type ResourceKey = keyof typeof RESOURCES;

type Registry = typeof RESOURCES;
/**
 * A permission code the registry defines: `<code>#<action>` for one of a resource's buttons, or
 * `<code>#`, every button of its menu (spec §5 "prefix#"). A misspelled code fails the typecheck.
 */
export type PermissionCode = { [K in ResourceKey]: `${Registry[K]['code']}#${Extract<keyof Registry[K]['buttons'], string>}` | `${Registry[K]['code']}#` }[ResourceKey];
/** A resource's permission (menu) code, `fall-order`: the menuCode `HasMenu` checks and the root of its buttons' codes. */
export type ResourceCode = Registry[ResourceKey]['code'];
/** A menu's menuCode in sys_menu: a resource's code, or a directory's (`fall`). */
export type MenuCode = ResourceCode | MenuGroupCode;
/** The permission codes of the resources whose buttons include every one of `Actions` (`crudPerms` takes one). */
export type ResourceCodeWith<Actions extends string> = {
  [K in ResourceKey]: [Actions] extends [keyof Registry[K]['buttons']] ? Registry[K]['code'] : never;
}[ResourceKey];
export const RESOURCE_LIST: readonly Resource[] = Object.values(RESOURCES);

/**
 * Permissions that belong to no resource: who may call at all (`public`, any signed-in user
 * `login`, any session incl. wall displays and visitors `session`), and a project visitor's view.
 */
export const NON_RESOURCE_PERMISSIONS = ['public', 'login', 'session', 'public-project#view'] as const;

/** The resource (with a menu) that owns a permission code's menu part (`fall-order#save` → order). */
export function resourceOfPermission(permission: string): Resource | undefined {
  const code = permission.split('#')[0];
  return RESOURCE_LIST.find((r) => r.code === code && r.menu) ?? RESOURCE_LIST.find((r) => r.code === code);
}

/** Actions that read whatever the resource (the operation log does not record them). */
export const COMMON_READ_ACTIONS = ['list', 'listAll', 'info', 'export'] as const;

/** Every read action of every resource, for the operation log's "is this a change" test. */
export function readActions(): string[] {
  return [...new Set([...COMMON_READ_ACTIONS, ...RESOURCE_LIST.flatMap((r) => r.reads ?? [])])];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What a change publishes, by route: `[<api>/(action|…)$, topics]` for each resource's live.publish. */
export function routeTopics(): [RegExp, LiveTopic[]][] {
  return RESOURCE_LIST.flatMap((r) =>
    (r.live?.publish ?? []).map((p): [RegExp, LiveTopic[]] => [
      new RegExp(`${escapeRegExp(r.api ?? '')}/(${p.actions.map(escapeRegExp).join('|')})$`),
      [...p.topics],
    ]),
  );
}

/**
 * Per resource with an API path, the topics that make its cached queries stale: the client refreshes
 * every query whose key starts with the path (client lib/resource-keys.ts roots them there).
 */
export function resourceLiveRoots(): { root: string; on: readonly LiveTopic[] }[] {
  return RESOURCE_LIST.flatMap((r) => (r.api && r.live?.refreshOn ? [{ root: r.api, on: r.live.refreshOn }] : []));
}
