import { pgTable, serial, integer, varchar, text, smallint, timestamp, boolean, jsonb, bigserial, bigint, primaryKey, char, index } from 'drizzle-orm/pg-core';
import { fallProject } from './operations';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sysUser = pgTable('sys_user', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  realName: varchar('real_name', { length: 64 }).notNull().default(''),
  realNameEn: varchar('real_name_en', { length: 64 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  sex: varchar('sex', { length: 1 }).notNull().default('2'),
  avatar: text('avatar').notNull().default(''),
  status: smallint('status').notNull().default(1),
  expireAt: ts('expire_at'),
  failedCount: integer('failed_count').notNull().default(0),
  lastFailedAt: ts('last_failed_at'),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sysRole = pgTable('sys_role', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull().default(''),
  remark: text('remark').notNull().default(''),
  remarkEn: text('remark_en').notNull().default(''),
  /** 'all' (every project) or 'projects' (only those of sys_role_project): the role's data scope. */
  dataScope: varchar('data_scope', { length: 16 }).notNull().default('all'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The projects a role scoped to 'projects' may see and change (docs/access.md). */
export const sysRoleProject = pgTable(
  'sys_role_project',
  {
    roleId: integer('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.projectId] }), index('sys_role_project_project_idx').on(t.projectId)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sysMenu = pgTable('sys_menu', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull().default(''),
  type: smallint('type').notNull(),
  url: text('url').notNull().default(''),
  perms: varchar('perms', { length: 128 }).notNull().default(''),
  menuCode: varchar('menu_code', { length: 64 }).notNull().default(''),
  icon: varchar('icon', { length: 64 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** What the resource registry last wrote into each menu row (0020_menu_origin.sql, db/seed/menu-sync.ts). */
export const sysMenuOrigin = pgTable('sys_menu_origin', {
  key: varchar('key', { length: 160 }).primaryKey(),
  menuId: integer('menu_id').references(() => sysMenu.id, { onDelete: 'set null' }),
  origin: jsonb('origin').notNull(),
  syncedAt: ts('synced_at').notNull().defaultNow(),
});

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id').notNull().references(() => sysMenu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** One row: moves on with every change of roles, role menus or menus (0009_grants_version.sql). */
export const sysGrantsVersion = pgTable('sys_grants_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const sysSession = pgTable('sys_session', {
  id: serial('id').primaryKey(),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  kind: varchar('kind', { length: 16 }).notNull().default('user'),
  userId: integer('user_id').references(() => sysUser.id, { onDelete: 'cascade' }),
  projectId: integer('project_id'),
  label: varchar('label', { length: 128 }).notNull().default(''),
  /** The scene a kiosk display token opens (0003_wall_scenes.sql). */
  sceneId: integer('scene_id'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  loginAt: ts('login_at').notNull().defaultNow(),
  lastActiveAt: ts('last_active_at').notNull().defaultNow(),
  expiresAt: ts('expires_at'),
});

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 8 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Fixed-window request counters shared by every instance (0012_login_limits.sql, lib/limits.ts). */
export const sysRateLimit = pgTable('sys_rate_limit', {
  key: varchar('key', { length: 200 }).primaryKey(),
  hits: integer('hits').notNull(),
  windowEnds: ts('window_ends').notNull(),
});

/** Wrong passwords per account and address ('*': the whole account), counted before the check. */
export const sysLoginGuard = pgTable(
  'sys_login_guard',
  {
    userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: ts('last_failed_at').notNull().defaultNow(),
    blockedUntil: ts('blocked_until'),
    allowed: boolean('allowed').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** Server secrets shared by every instance (the login2 lookup key). */
export const sysSecret = pgTable('sys_secret', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sysLoginLog = pgTable('sys_login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: varchar('username', { length: 64 }).notNull(),
  userId: integer('user_id'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  success: boolean('success').notNull(),
  message: text('message').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
});

export const sysLog = pgTable('sys_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  username: varchar('username', { length: 64 }).notNull().default(''),
  module: varchar('module', { length: 64 }).notNull().default(''),
  /** The menu of the route's permission (0019): its name is what a reader sees as the module. */
  menuCode: varchar('menu_code', { length: 64 }).notNull().default(''),
  action: varchar('action', { length: 64 }).notNull().default(''),
  target: text('target').notNull().default(''),
  method: varchar('method', { length: 8 }).notNull().default(''),
  path: text('path').notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  durationMs: integer('duration_ms').notNull().default(0),
  statusCode: integer('status_code').notNull().default(0),
  success: boolean('success').notNull().default(true),
  params: jsonb('params'),
  at: ts('at').notNull().defaultNow(),
});

export const sysConfig = pgTable('sys_config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  type: varchar('type', { length: 16 }).notNull().default('string'),
  remark: text('remark').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sysDictType = pgTable('sys_dict_type', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull().default(''),
  remark: text('remark').notNull().default(''),
});

export const sysDictionary = pgTable('sys_dictionary', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 64 }).notNull(),
  label: varchar('label', { length: 128 }).notNull(),
  labelEn: varchar('label_en', { length: 128 }).notNull().default(''),
  value: varchar('value', { length: 64 }).notNull(),
  color: varchar('color', { length: 16 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
});

export const sysContent = pgTable('sys_content', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull().default(''),
  body: text('body').notNull().default(''),
  bodyEn: text('body_en').notNull().default(''),
  type: varchar('type', { length: 32 }).notNull().default('notice'),
  published: boolean('published').notNull().default(false),
  fromAt: ts('from_at'),
  toAt: ts('to_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sysXmlx = pgTable('sys_xmlx', {
  id: serial('id').primaryKey(),
  pid: integer('pid').notNull().default(0),
  xmbm: varchar('xmbm', { length: 64 }).notNull().unique(),
  xmmc: varchar('xmmc', { length: 128 }).notNull(),
  xmmcEn: varchar('xmmc_en', { length: 128 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const sysUiPref = pgTable(
  'sys_ui_pref',
  {
    userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    screen: varchar('screen', { length: 96 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.screen] })],
);

export const jobSchedule = pgTable('job_schedule', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  handler: varchar('handler', { length: 64 }).notNull(),
  params: jsonb('params').notNull().default({}),
  cron: varchar('cron', { length: 64 }).notNull(),
  status: smallint('status').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const jobScheduleLog = pgTable('job_schedule_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  jobId: integer('job_id').notNull(),
  handler: varchar('handler', { length: 64 }).notNull(),
  params: jsonb('params'),
  success: boolean('success').notNull(),
  error: text('error').notNull().default(''),
  durationMs: integer('duration_ms').notNull().default(0),
  at: ts('at').notNull().defaultNow(),
});

export const jobLease = pgTable('job_lease', {
  name: varchar('name', { length: 64 }).primaryKey(),
  holder: varchar('holder', { length: 64 }).notNull(),
  until: ts('until').notNull(),
});

export const ossConfig = pgTable('oss_config', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  provider: varchar('provider', { length: 16 }).notNull(),
  config: jsonb('config').notNull().default({}),
  active: boolean('active').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ossFile = pgTable('oss_file', {
  id: serial('id').primaryKey(),
  originalName: text('original_name').notNull(),
  contentType: varchar('content_type', { length: 128 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  thumbKey: text('thumb_key'),
  provider: varchar('provider', { length: 16 }).notNull().default('local'),
  /** The configuration the bytes were stored through (0024); null: the files directory. */
  configId: integer('config_id').references(() => ossConfig.id),
  ownerType: varchar('owner_type', { length: 32 }).notNull().default(''),
  ownerId: integer('owner_id'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Usage analytics (0027): page views and actions browsers reported; the user is the session's. */
export const sysAnalyticsEvent = pgTable('sys_analytics_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: ts('at').notNull().defaultNow(),
  sessionKind: varchar('session_kind', { length: 16 }).notNull(),
  userId: integer('user_id'),
  kind: varchar('kind', { length: 16 }).notNull(),
  screen: varchar('screen', { length: 128 }).notNull(),
  action: varchar('action', { length: 64 }).notNull().default(''),
}, (t) => [index('sys_analytics_event_at_idx').on(t.at)]);
