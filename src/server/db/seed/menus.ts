/**
 * The seeded menu tree: every back-office module of seed §2 with its buttons. A menu's url is its
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

const CRUD: Record<string, [string, string]> = {
  list: ['查询', 'List'],
  info: ['详情', 'View'],
  save: ['新增', 'Add'],
  update: ['修改', 'Edit'],
  delete: ['删除', 'Delete'],
  export: ['导出', 'Export'],
};
/** Showing and restoring archived rows (issue 13): administrators only, see ROLE_SEEDS' `except`. */
const RESTORE: Record<string, [string, string]> = { restore: ['恢复归档', 'Restore archived'] };
export const RESTORE_PERMISSIONS = ['fall-project#restore', 'fall-eqinfo#restore', 'fall-detect#restore'];
const READ: Record<string, [string, string]> = { list: ['查询', 'List'], info: ['详情', 'View'], export: ['导出', 'Export'] };

const menu = (name: string, nameEn: string, url: string, menuCode: string, icon: string, extra: Record<string, [string, string]> = {}, base = CRUD): MenuSeed => ({
  name, nameEn, url, menuCode, icon, buttons: { ...base, ...extra },
});

export const MENU_TREE: MenuSeed[] = [
  {
    name: '水景运维', nameEn: 'Operations', icon: 'droplet', menuCode: 'fall',
    children: [
      menu('项目管理', 'Projects', 'fall/project', 'fall-project', 'building', { stats: ['统计', 'Statistics'], password: ['访问密码', 'Access passwords'], ...RESTORE }),
      menu('设备型号', 'Device models', 'fall/device', 'fall-device', 'cpu'),
      menu('设备台账', 'Equipment', 'fall/eqInfo', 'fall-eqinfo', 'tool', RESTORE),
      menu('维修工单', 'Maintenance orders', 'fall/order', 'fall-order', 'clipboard-list', { accept: ['受理', 'Accept'], close: ['关闭', 'Close'] }),
      menu('维修报告', 'Maintenance reports', 'fall/report', 'fall-report', 'report'),
      menu('培训资料', 'Training', 'fall/train', 'fall-train', 'school'),
      menu('图纸管理', 'Drawings', 'fall/draw', 'fall-draw', 'photo'),
      menu('视频监控', 'Cameras', 'fall/monitor', 'fall-monitor', 'video'),
      menu('检测板', 'Detection boards', 'fall/detect', 'fall-detect', 'cpu-2', { deal: ['处理告警', 'Deal with warnings'], ack: ['确认告警', 'Acknowledge alarms'], key: ['板卡密钥', 'Board keys'], ...RESTORE }),
      menu('传感器', 'Sensors', 'fall/others', 'fall-others', 'gauge'),
      menu('项目类型', 'Project types', 'xmlx', 'sys-xmlx', 'category', { upload: ['导入', 'Import'] }),
    ],
  },
  {
    name: '大屏展示', nameEn: 'Wall', icon: 'device-desktop', menuCode: 'ship',
    children: [
      menu('卡片管理', 'Cards', 'ship/cards', 'ship-cards', 'layout-cards'),
      menu('场景管理', 'Scenes', 'ship/scene-list', 'ship-scene', 'layout-dashboard', { view: ['查看大屏', 'View walls'], token: ['展示令牌', 'Display tokens'] }),
    ],
  },
  {
    name: '应用管理', nameEn: 'Application', icon: 'apps', menuCode: 'app',
    children: [
      menu('客户管理', 'Customers', 'app/user', 'app-user', 'users'),
      menu('账单管理', 'Bills', 'app/bill', 'app-bill', 'receipt'),
      menu('账单记录', 'Bill records', 'app/bill-record', 'app-bill-record', 'history', {}, READ),
    ],
  },
  {
    name: '定时任务', nameEn: 'Scheduling', icon: 'clock', menuCode: 'job',
    children: [
      menu('任务管理', 'Jobs', 'job/schedule', 'job-schedule', 'clock-play', { run: ['立即执行', 'Run now'], pause: ['暂停', 'Pause'], resume: ['恢复', 'Resume'] }),
      menu('任务日志', 'Job log', 'job/schedule-log', 'job-schedule-log', 'list-details', {}, READ),
    ],
  },
  {
    name: '文件存储', nameEn: 'File storage', icon: 'folder', menuCode: 'oss',
    children: [
      menu('文件管理', 'Files', 'oss/oss', 'oss-file', 'files', { upload: ['上传', 'Upload'], download: ['下载', 'Download'] }, { list: ['查询', 'List'], info: ['详情', 'View'], delete: ['删除', 'Delete'], export: ['导出', 'Export'] }),
      menu('存储配置', 'Storage config', 'oss/oss-config', 'oss-config', 'settings'),
      menu('文件上传', 'Upload', 'oss/oss-upload', 'oss-upload', 'upload', { upload: ['上传', 'Upload'] }, {}),
    ],
  },
  {
    name: '系统管理', nameEn: 'System', icon: 'settings', menuCode: 'sys',
    children: [
      menu('用户管理', 'Users', 'sys/user', 'sys-user', 'user', { resetPassword: ['重置密码', 'Reset password'], status: ['启用/禁用', 'Enable / disable'] }),
      menu('角色管理', 'Roles', 'sys/role', 'sys-role', 'shield'),
      menu('菜单管理', 'Menus', 'sys/menu', 'sys-menu', 'menu-2', { status: ['启用/禁用', 'Enable / disable'] }),
      menu('字典管理', 'Dictionaries', 'sys/dictionary', 'sys-dictionary', 'book'),
      menu('参数配置', 'Configuration', 'sys/config', 'sys-config', 'adjustments'),
      menu('通知公告', 'Notices', 'sys/content', 'sys-content', 'speakerphone'),
      menu('操作日志', 'Operation log', 'sys/log', 'sys-log', 'file-text', { delete: ['清理', 'Purge'] }, READ),
      menu('登录日志', 'Login history', 'sys/history-user', 'sys-history-user', 'login', { delete: ['清理', 'Purge'] }, READ),
      menu('在线用户', 'Online users', 'sys/online-user', 'sys-online-user', 'users-group', { kickout: ['强制下线', 'Force logout'] }, { list: ['查询', 'List'] }),
    ],
  },
];

/** Seeded roles; each grant lists permission codes (`x#` grants every button of menu x). */
export const ROLE_SEEDS: { code: string; name: string; nameEn: string; remark: string; grants: string[] | 'all'; except?: string[] }[] = [
  { code: 'administrator', name: '系统管理员', nameEn: 'Administrator', remark: 'Everything', grants: 'all' },
  {
    code: 'manager', name: '项目经理', nameEn: 'Manager', remark: 'Runs projects, orders, walls and customers; reads logs',
    grants: [
      'fall-project#', 'fall-device#', 'fall-eqinfo#', 'fall-order#', 'fall-report#', 'fall-train#', 'fall-draw#', 'fall-monitor#',
      'fall-detect#', 'fall-others#', 'sys-xmlx#', 'ship-cards#', 'ship-scene#', 'app-user#', 'app-bill#', 'app-bill-record#',
      'sys-content#', 'sys-log#list', 'sys-log#info', 'sys-history-user#list', 'job-schedule#list', 'job-schedule-log#list',
      'oss-file#list', 'oss-file#upload', 'oss-file#download', 'oss-upload#upload',
    ],
    except: RESTORE_PERMISSIONS,
  },
  {
    code: 'operator', name: '运维人员', nameEn: 'Operator', remark: 'Works orders, reports, boards and warnings',
    grants: [
      'fall-project#list', 'fall-project#info', 'fall-project#stats', 'fall-device#list', 'fall-device#info',
      'fall-eqinfo#list', 'fall-eqinfo#info', 'fall-eqinfo#update', 'fall-order#list', 'fall-order#info', 'fall-order#save',
      'fall-order#update', 'fall-order#accept', 'fall-report#list', 'fall-report#info', 'fall-report#save', 'fall-report#update',
      'fall-train#list', 'fall-train#info', 'fall-draw#list', 'fall-draw#info', 'fall-monitor#list', 'fall-monitor#info',
      'fall-detect#list', 'fall-detect#info', 'fall-detect#deal', 'fall-detect#ack', 'fall-others#list', 'fall-others#info', 'ship-scene#view',
      'oss-file#upload', 'oss-file#download', 'oss-upload#upload',
    ],
  },
  {
    code: 'viewer', name: '大屏观察员', nameEn: 'Viewer', remark: 'Walls and read-only lists',
    grants: [
      'fall-project#list', 'fall-project#info', 'fall-project#stats', 'fall-eqinfo#list', 'fall-eqinfo#info',
      'fall-order#list', 'fall-order#info', 'fall-detect#list', 'fall-detect#info', 'fall-monitor#list', 'fall-draw#list',
      'fall-draw#info', 'ship-scene#view', 'ship-scene#list', 'ship-cards#list', 'oss-file#download',
    ],
  },
];
