import { sql } from 'drizzle-orm';
import { index, uniqueIndex, pgTable, serial, integer, varchar, text, smallint, timestamp, boolean, jsonb, doublePrecision, numeric, char, bigint, date, primaryKey, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { shownNamesSql } from './stored-text-sql';
import { DEFAULT_TIME_ZONE } from '@shared/time-zone';
import { sysUser } from './identity';
import type { CheckAnswers, CheckItem } from '@shared/checklist';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const fileIds = (name: string) => jsonb(name).$type<number[]>().notNull().default([]);

export const fallProject = pgTable('fall_project', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameCn: varchar('name_cn', { length: 128 }).notNull().default(''),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  area: varchar('area', { length: 64 }).notNull().default(''),
  country: varchar('country', { length: 64 }).notNull().default(''),
  city: varchar('city', { length: 64 }).notNull().default(''),
  cityEn: varchar('city_en', { length: 64 }).notNull().default(''),
  controlMode: varchar('control_mode', { length: 32 }).notNull().default(''),
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
  totalArea: doublePrecision('total_area').notNull().default(0),
  powerConsumption: doublePrecision('power_consumption').notNull().default(0),
  runTime: doublePrecision('run_time').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('D'),
  isRdm: boolean('is_rdm').notNull().default(false),
  dailyShowTime: varchar('daily_show_time', { length: 32 }).notNull().default(''),
  /** IANA name (`Europe/Berlin`): the zone of the project's own hours (calendar, windows, periods). */
  timeZone: varchar('time_zone', { length: 64 }).notNull().default(DEFAULT_TIME_ZONE),
  uniqueKey: varchar('unique_key', { length: 64 }).notNull().unique(),
  isPublic: boolean('is_public').notNull().default(false),
  mapBackground: integer('map_background'),
  cameraAppKey: varchar('camera_app_key', { length: 128 }).notNull().default(''),
  /** Write-only: never selected into a response. */
  cameraAppSecret: text('camera_app_secret').notNull().default(''),
  projectType: varchar('project_type', { length: 64 }).notNull().default(''),
  waterType: varchar('water_type', { length: 32 }).notNull().default('fountain'),
  autoOrder: boolean('auto_order').notNull().default(false),
  /** Set when a row with history is archived instead of deleted (0015); null = live. */
  archivedAt: ts('archived_at'),
  archivedBy: integer('archived_by'),
  /**
   * The alarm maintenance window in force now (0059, docs/alarms.md "Maintenance windows"), kept by
   * the device jobs' sweep: its id and when it ends; null = none. While set, the project's alarms are
   * suppressed by 'maintenance'.
   */
  alarmWindowId: integer('alarm_window_id'),
  alarmWindowUntil: ts('alarm_window_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const fallProjectIntro = pgTable('fall_project_intro', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 32 }).notNull().default('overview'),
  title: varchar('title', { length: 200 }).notNull(),
  content: text('content').notNull().default(''),
  language: varchar('language', { length: 4 }).notNull().default('cn'),
  sort: integer('sort').notNull().default(0),
});

export const fallProjectPassword = pgTable('fall_project_password', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  label: varchar('label', { length: 128 }).notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** HMAC-SHA256(server key, `${projectId}:${password}`): login2's one lookup; null on rows issued before it. */
  lookupHash: char('lookup_hash', { length: 64 }),
  expiresAt: ts('expires_at'),
  revokedAt: ts('revoked_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallDevice = pgTable('fall_device', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  category: varchar('category', { length: 32 }).notNull().default('other'),
  maker: varchar('maker', { length: 128 }).notNull().default(''),
  model: varchar('model', { length: 128 }).notNull().default(''),
  handbook: integer('handbook'),
  remark: text('remark').notNull().default(''),
  remarkEn: text('remark_en').notNull().default(''),
  /**
   * Alarm conditioning (0056, docs/alarms.md "Conditioning"): null = inherit (the channel from its
   * unit's device model, the model from today's behaviour: alarm at once, clear after
   * detect.closeAfterNormal normal readings, no band, any one switch fault).
   */
  onDelaySeconds: integer('on_delay_seconds'),
  offDelaySeconds: integer('off_delay_seconds'),
  deadband: doublePrecision('deadband'),
  repeatCount: smallint('repeat_count'),
  repeatMinutes: integer('repeat_minutes'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallEqInfo = pgTable('fall_eq_info', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  serial: varchar('serial', { length: 128 }).notNull().default(''),
  handbook: integer('handbook'),
  state: varchar('state', { length: 16 }).notNull().default('normal'),
  stateSince: ts('state_since').notNull().defaultNow(),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').references(() => fallDevice.id, { onDelete: 'set null' }),
  posX: doublePrecision('pos_x'),
  posY: doublePrecision('pos_y'),
  /** Set when a row with history is archived instead of deleted (0015); null = live. */
  archivedAt: ts('archived_at'),
  archivedBy: integer('archived_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Warranty end, a calendar date as 'YYYY-MM-DD' text (0023); null = unknown. */
  warrantyEnd: date('warranty_end', { mode: 'string' }),
  /**
   * Out of service (0058, docs/alarms.md): under repair or drained for the season, set by a person
   * with a reason and an optional end; its channels' warnings are opened suppressed meanwhile.
   * Null = in service.
   */
  outOfServiceAt: ts('out_of_service_at'),
  /** When it comes back by itself (the device jobs' sweep); null = until someone puts it back. */
  outOfServiceUntil: ts('out_of_service_until'),
  outOfServiceReason: varchar('out_of_service_reason', { length: 500 }).notNull().default(''),
  outOfServiceBy: varchar('out_of_service_by', { length: 64 }).notNull().default(''),
});

/** Spare parts kept for an installed unit (0023). */
export const fallSparePart = pgTable('fall_spare_part', {
  id: serial('id').primaryKey(),
  equipmentId: integer('equipment_id').notNull().references(() => fallEqInfo.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 128 }).notNull(),
  partNo: varchar('part_no', { length: 64 }).notNull().default(''),
  /** On hand in all stores: the sum of its stock moves, kept by the stock service on every move (0067). */
  quantity: integer('quantity').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** What one costs (0067): copied onto each move, so a later price never rewrites a past cost. */
  unitCost: numeric('unit_cost', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  /** At or under this count in a store, the part is on that store's reorder list; null = not reordered. */
  reorderPoint: integer('reorder_point'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallOrder = pgTable('fall_order', {
  id: serial('id').primaryKey(),
  number: varchar('number', { length: 32 }).notNull().unique(),
  /** 600: an automatic order's name is its warning's stored message (key and parameters). */
  name: varchar('name', { length: 600 }).notNull(),
  description: text('description').notNull().default(''),
  submitter: varchar('submitter', { length: 64 }).notNull().default(''),
  contact: varchar('contact', { length: 64 }).notNull().default(''),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  files: fileIds('files'),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
  priority: varchar('priority', { length: 16 }).notNull().default('normal'),
  /** Generated from priority (0004_orders.sql) so lists sort by urgency with an index. */
  priorityRank: smallint('priority_rank').generatedAlwaysAs(sql`CASE priority WHEN 'low' THEN 0 WHEN 'normal' THEN 1 WHEN 'high' THEN 2 WHEN 'urgent' THEN 3 ELSE 1 END`),
  source: varchar('source', { length: 16 }).notNull().default('manual'),
  status: varchar('status', { length: 16 }).notNull().default('submitted'),
  acceptedAt: ts('accepted_at'),
  completedAt: ts('completed_at'),
  closedAt: ts('closed_at'),
  reportCount: integer('report_count').notNull().default(0),
  warningId: integer('warning_id'),
  createdBy: integer('created_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The time rule a stored order broke (message key, 0014_work_time_invariants.sql); such orders stay out of the repair statistics. */
  dataIssue: varchar('data_issue', { length: 48 }),
  /** The name as both languages read it, for search (0034_order_name_shown.sql): generated, never written. */
  nameShown: text('name_shown').generatedAlwaysAs(sql.raw(shownNamesSql('"name"'))),
  /** The checklist its reports fill (0063, docs/maintenance.md "Checklists"). */
  checklistId: integer('checklist_id'),
  /** A corrective order's origin: the order whose checklist failed (source 'checklist'). */
  parentOrderId: integer('parent_order_id'),
  /**
   * A channel's order awaiting confirmation by the readings (0064, docs/maintenance.md
   * "Confirmation by the readings"): since when its channels have read normal; null otherwise.
   */
  confirmingSince: ts('confirming_since'),
  /** Who works it (0066, docs/maintenance.md "Assignment and notifications"): a user whose data scope covers its project. */
  assigneeId: integer('assignee_id').references(() => sysUser.id, { onDelete: 'set null' }),
  /** When it is due: its submission plus its priority's SLA hours, set when it is assigned (and kept in step with both). */
  dueAt: ts('due_at'),
}, (t) => [index('fall_order_assignee_due_idx').on(t.assigneeId, t.dueAt)]);

/** Orders per status, kept by triggers (0004_orders.sql): list totals without count(*) over the table. */
export const fallOrderCount = pgTable('fall_order_count', {
  status: varchar('status', { length: 16 }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * The last number handed out each day per numbering (orders `WO`, bills `BL`; lib/daily-number.ts):
 * a number is never given twice, whatever was deleted since (0051). `day` is YYYYMMDD.
 */
export const dailyNumber = pgTable(
  'daily_number',
  {
    tag: varchar('tag', { length: 8 }).notNull(),
    day: char('day', { length: 8 }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.day] })],
);

export const fallReport = pgTable('fall_report', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => fallOrder.id, { onDelete: 'cascade' }),
  repairer: varchar('repairer', { length: 64 }).notNull(),
  repairAt: ts('repair_at').notNull(),
  durationHours: doublePrecision('duration_hours').notNull().default(0),
  completedAt: ts('completed_at'),
  result: varchar('result', { length: 16 }).notNull(),
  notes: text('notes').notNull().default(''),
  files: fileIds('files'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The time rule a stored report broke (message key, 0014_work_time_invariants.sql). */
  dataIssue: varchar('data_issue', { length: 48 }),
});

export const fallTrain = pgTable('fall_train', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
  content: text('content').notNull().default(''),
  contentEn: text('content_en').notNull().default(''),
  trainAt: ts('train_at'),
  deviceId: integer('device_id').references(() => fallDevice.id, { onDelete: 'set null' }),
  projectId: integer('project_id').references(() => fallProject.id, { onDelete: 'cascade' }),
  files: fileIds('files'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallDraw = pgTable('fall_draw', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
  description: text('description').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  picture: integer('picture'),
  file: integer('file'),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallMonitor = pgTable('fall_monitor', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  serial: varchar('serial', { length: 128 }).notNull(),
  remark: text('remark').notNull().default(''),
  remarkEn: text('remark_en').notNull().default(''),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  channel: integer('channel').notNull().default(1),
  streamUrl: text('stream_url').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallDetect = pgTable('fall_detect', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  slave: integer('slave').notNull().default(1),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  port: integer('port').notNull().default(502),
  boardName: varchar('board_name', { length: 128 }).notNull(),
  boardNameEn: varchar('board_name_en', { length: 128 }).notNull().default(''),
  boardNo: varchar('board_no', { length: 64 }).notNull().default(''),
  posX: doublePrecision('pos_x'),
  posY: doublePrecision('pos_y'),
  pollSeconds: integer('poll_seconds').notNull().default(10),
  /** Hash of the per-board report key; never returned. */
  boardKeyHash: text('board_key_hash').notNull().default(''),
  lastSeen: ts('last_seen'),
  online: boolean('online').notNull().default(false),
  /** The last refused report (a wrong signature, an unsigned or stale one): why, when, and since when it repeats. */
  refusedReason: varchar('refused_reason', { length: 16 }),
  refusedAt: ts('refused_at'),
  refusedSince: ts('refused_since'),
  /**
   * Since when the board's readings go missing (gaps in its sequence or its period, detect_gap,
   * or a silence now), as the missing-readings check last found; null while none in the last hour
   * (0055, modules/operations/detect/missing.ts). What it logs once per board when gaps begin.
   */
  missingSince: ts('missing_since'),
  /** Set when a row with history is archived instead of deleted (0015); null = live. */
  archivedAt: ts('archived_at'),
  archivedBy: integer('archived_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fallDetectChannel = pgTable('fall_detect_channel', {
  id: serial('id').primaryKey(),
  detectId: integer('detect_id').notNull().references(() => fallDetect.id, { onDelete: 'cascade' }),
  ch: smallint('ch').notNull(),
  label: varchar('label', { length: 64 }).notNull().default(''),
  labelEn: varchar('label_en', { length: 64 }).notNull().default(''),
  equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
  switchValue: smallint('switch_value').notNull().default(0),
  analogValue: doublePrecision('analog_value').notNull().default(0),
  analogMin: doublePrecision('analog_min').notNull().default(0),
  analogMax: doublePrecision('analog_max').notNull().default(100),
  /** The analog value's unit (kPa, m, %…), shown on its trend's axis (0037); empty when unset. */
  unit: varchar('unit', { length: 16 }).notNull().default(''),
  /** The checklist item whose numbers are this channel read by hand, drawn in its trend (0069); empty when none. */
  checkKey: varchar('check_key', { length: 32 }).notNull().default(''),
  result: varchar('result', { length: 8 }).notNull().default('normal'),
  normalStreak: integer('normal_streak').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /**
   * The channel's own alarm conditioning (0056, docs/alarms.md "Conditioning"): null = its unit's
   * device model's (fall_device), and with none there today's behaviour.
   */
  onDelaySeconds: integer('on_delay_seconds'),
  offDelaySeconds: integer('off_delay_seconds'),
  deadband: doublePrecision('deadband'),
  repeatCount: smallint('repeat_count'),
  repeatMinutes: integer('repeat_minutes'),
  /** Since when a condition not yet alarmed holds (its on-delay or N-in-M running); null when none is pending. */
  pendingSince: ts('pending_since'),
  /** Since when an alarmed channel reads normal (its off-delay running); null otherwise. */
  normalSince: ts('normal_since'),
  /** The switch input's recent fault edges (N-in-M), newest last, at most repeatCount of them. */
  switchHits: ts('switch_hits').array().notNull().default(sql`'{}'::timestamptz[]`),
}, (t) => [index('fall_detect_channel_pending_idx').on(t.detectId).where(sql`pending_since IS NOT NULL OR normal_since IS NOT NULL`)]);

export const fallWarning = pgTable('fall_warning', {
  id: serial('id').primaryKey(),
  at: ts('at').notNull().defaultNow(),
  info: text('info').notNull(),
  kind: varchar('kind', { length: 16 }).notNull().default('channel'),
  level: varchar('level', { length: 16 }).notNull().default('warning'),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  detectId: integer('detect_id').references(() => fallDetect.id, { onDelete: 'set null' }),
  channel: smallint('channel'),
  equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
  dealAt: ts('deal_at'),
  result: varchar('result', { length: 16 }),
  note: text('note').notNull().default(''),
  dealtBy: varchar('dealt_by', { length: 64 }).notNull().default(''),
  orderId: integer('order_id'),
  /** Acknowledged on a wall or in the list (0022): who has seen the alarm; it stays open until dealt with. */
  ackAt: ts('ack_at'),
  ackBy: varchar('ack_by', { length: 64 }).notNull().default(''),
  /** Set once when the alarm stayed unacknowledged past alarm.escalateMinutes. */
  escalatedAt: ts('escalated_at'),
  /** The highest level of alarm.notifyMinutes this alarm has reached (0032): its people were told up to it. */
  notifyLevel: smallint('notify_level').notNull().default(0),
  /**
   * Chattering (0056, docs/alarms.md "Chattering"): how many warnings of this board and channel
   * opened in the 60 s up to this one's time, itself included, when that is 3 or more; 0 otherwise.
   */
  chatter: smallint('chatter').notNull().default(0),
  /** What the person who acknowledged it said (0057, optional). */
  ackComment: varchar('ack_comment', { length: 500 }).notNull().default(''),
  /** When an acknowledged alarm still standing was last re-notified (0057), and how many times. */
  renotifiedAt: ts('renotified_at'),
  renotifyCount: smallint('renotify_count').notNull().default(0),
  /**
   * Why an open warning does not sound (0058, docs/alarms.md): 'shelved' (a person parked it until
   * shelved_until), 'out_of_service' (its unit is), 'board_offline' (its board went offline). Null =
   * it alarms. It stays open and counted; only the walls' strip, the sound and escalation leave it out.
   * Kept on a closed warning: the journal says what it was suppressed by when it closed.
   */
  suppressedBy: varchar('suppressed_by', { length: 16 }),
  /** The last shelving: until when, by whom, why (kept after it ends, for the journal). */
  shelvedUntil: ts('shelved_until'),
  shelvedBy: varchar('shelved_by', { length: 64 }).notNull().default(''),
  shelveReason: varchar('shelve_reason', { length: 500 }).notNull().default(''),
  /**
   * Since when the alarm has sounded (0060, docs/escalation.md "Suppressed alarms"): its time `at`
   * when raised, and the moment a suppression ended and it alarmed again. The people's escalation
   * counts its steps from here, so an alarm back from a long shelving starts at step 1's wait.
   */
  soundingSince: ts('sounding_since').notNull().defaultNow(),
});

/**
 * Who is told when a project's alarm stays unacknowledged (0032): per escalation level (1 = the
 * first entry of alarm.notifyMinutes), an e-mail address or a webhook URL (a chat tool's JSON POST).
 */
export const fallEscalationRecipient = pgTable(
  'fall_escalation_recipient',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull().default(1),
    channel: varchar('channel', { length: 16 }).notNull().default('email'),
    /** An e-mail address, or a webhook URL (which may carry the chat tool's key: never sent back whole). */
    address: varchar('address', { length: 500 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('fall_escalation_recipient_project_idx').on(t.projectId, t.level)],
);

/**
 * Each notification an escalation sent, or tried to (0032): kept with its warning, never with the
 * recipient row (deleting a recipient leaves the history). `recipient` is the address, or a
 * webhook's origin only; `last_error` names what went wrong without any key or password.
 */
export const fallWarningNotice = pgTable(
  'fall_warning_notice',
  {
    id: serial('id').primaryKey(),
    warningId: integer('warning_id').notNull().references(() => fallWarning.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    recipient: varchar('recipient', { length: 500 }).notNull(),
    /** The recipient row it was made from, to send to its current address on a retry (null once deleted). */
    recipientId: integer('recipient_id').references(() => fallEscalationRecipient.id, { onDelete: 'set null' }),
    /** Or the on-call person (of a roster) it was made for (0057; null once removed from the roster). */
    memberId: integer('member_id').references(() => fallOncallMember.id, { onDelete: 'set null' }),
    /** 0: the escalation; n: the n-th re-notification of the alarm acknowledged but still standing (0057). */
    round: smallint('round').notNull().default(0),
    /**
     * pending (to send or retry), sent, failed (retries spent), refused (not on the outbound allow-list),
     * cancelled (acknowledged, closed or suppressed before it went, 0057), grouped (sent inside the
     * message of the notification `grouped_into`: boards of one project offline together, 0060).
     */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /**
     * The notification whose one message carries this one too (0060, docs/escalation.md "Offline
     * boards of one project"): set while that message is pending and kept once it went.
     */
    groupedInto: integer('grouped_into').references((): AnyPgColumn => fallWarningNotice.id, { onDelete: 'set null' }),
    attempts: smallint('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 300 }).notNull().default(''),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fall_warning_notice_once').on(t.warningId, t.level, t.round, t.recipientId),
    uniqueIndex('fall_warning_notice_member_once').on(t.warningId, t.level, t.round, t.memberId, t.channel),
    index('fall_warning_notice_due_idx').on(t.status, t.nextAttemptAt),
    index('fall_warning_notice_grouped_idx').on(t.groupedInto).where(sql`grouped_into IS NOT NULL`),
  ],
);

/** One weekly slot of an on-call person, in the project's own time zone (shared/local-time.ts WeeklySlot). */
export interface OncallSlot {
  days: (1 | 2 | 3 | 4 | 5 | 6 | 7)[];
  start: string;
  end: string;
}

/**
 * An on-call roster of a project (0057, docs/escalation.md): its people (fall_oncall_member) with
 * their weekly hours in the project's time zone, and `overrides`, a person named for a whole local
 * date. `tier` orders a project's rosters (1 = first line). Deleting one archives it.
 */
export const fallOncallRoster = pgTable(
  'fall_oncall_roster',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    tier: smallint('tier').notNull().default(1),
    overrides: jsonb('overrides').$type<{ date: string; userId: number }[]>().notNull().default([]),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fall_oncall_roster_project_idx').on(t.projectId, t.tier)],
);

/** A person of a roster (0057): a system user, told by e-mail and/or webhook (the webhook write-only, as a recipient's). */
export const fallOncallMember = pgTable(
  'fall_oncall_member',
  {
    id: serial('id').primaryKey(),
    rosterId: integer('roster_id').notNull().references(() => fallOncallRoster.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull().default(''),
    webhook: varchar('webhook', { length: 500 }).notNull().default(''),
    slots: jsonb('slots').$type<OncallSlot[]>().notNull().default([]),
    sort: smallint('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fall_oncall_member_once').on(t.rosterId, t.userId)],
);

/** One step of an escalation policy: `minutes` after the previous step (or the alarm), tell the on-call person of `rosterId` (and the project's recipients of this step's level). */
export interface EscalationStep {
  minutes: number;
  rosterId: number | null;
}

/**
 * A project's escalation policy (0057): its steps, and how long an alarm acknowledged but still
 * standing waits before it is re-notified (0 = never). One live policy per project; a project
 * without one follows alarm.notifyMinutes (the default policy). Deleting one archives it.
 */
export const fallEscalationPolicy = pgTable(
  'fall_escalation_policy',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    steps: jsonb('steps').$type<EscalationStep[]>().notNull().default([]),
    renotifyMinutes: integer('renotify_minutes').notNull().default(0),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fall_escalation_policy_live').on(t.projectId).where(sql`archived_at IS NULL`)],
);

/**
 * A channel the predictive detector finds heading for a fault (0038, docs/predictive.md, issue 30):
 * one row per finding. `status`: open (at risk now), recovered (the trend came back before anyone
 * acted: its preventive order closed itself), dismissed (an engineer said "not a problem"), faulted
 * (the fault came first), resolved (its preventive order was completed). At most one open row per
 * channel (partial unique index). `reason_key` is a message key; `reason_params` its numbers, so
 * both languages read the same finding ("CH4 pump current +18 % over 7 days; ~3 days to its limit").
 */
export const fallChannelRisk = pgTable(
  'fall_channel_risk',
  {
    id: serial('id').primaryKey(),
    detectId: integer('detect_id').notNull().references(() => fallDetect.id, { onDelete: 'cascade' }),
    ch: smallint('ch').notNull(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
    /** drift (a slow trend towards a range limit), flicker (more excursions per hour), step (a level change). */
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    reasonKey: varchar('reason_key', { length: 64 }).notNull(),
    reasonParams: jsonb('reason_params').$type<Record<string, number | string>>().notNull().default({}),
    /** How far past the baseline (the detector's own score, > 1 = flagged). */
    score: doublePrecision('score').notNull().default(0),
    /** When the trend is projected to leave the channel's range (null for flicker and step). */
    projectedAt: ts('projected_at'),
    detectedAt: ts('detected_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    /** The preventive order it opened (fall_order.source = 'preventive'). */
    orderId: integer('order_id').references(() => fallOrder.id, { onDelete: 'set null' }),
    dismissedBy: varchar('dismissed_by', { length: 64 }).notNull().default(''),
    dismissedAt: ts('dismissed_at'),
  },
  (t) => [
    uniqueIndex('fall_channel_risk_open_once').on(t.detectId, t.ch).where(sql`status = 'open'`),
    index('fall_channel_risk_project_idx').on(t.projectId, t.status),
  ],
);

/**
 * What the detector remembers per channel (0038): `widen` multiplies its tolerance after an engineer
 * dismissed a finding as "not a problem" (1 = as learned); who and when, for the audit.
 */
export const fallChannelBaseline = pgTable(
  'fall_channel_baseline',
  {
    detectId: integer('detect_id').notNull().references(() => fallDetect.id, { onDelete: 'cascade' }),
    ch: smallint('ch').notNull(),
    widen: doublePrecision('widen').notNull().default(1),
    dismissedBy: varchar('dismissed_by', { length: 64 }).notNull().default(''),
    dismissedAt: ts('dismissed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fall_channel_baseline_pk').on(t.detectId, t.ch)],
);

/**
 * One day of a channel's per-hour history as the predictive detector reads it (0039,
 * docs/predictive.md): written once a day from detect_trend by the predict.scan job, so a run reads
 * two weeks of a fleet as ~14 rows a channel instead of 336 hour cells. Levels are medians of the
 * hours' means, show-time hours and idle hours apart (null when the day had none of that kind);
 * `spread` the median max−min of an hour; `excursions` the hours whose spread went far past it.
 */
export const fallChannelDay = pgTable(
  'fall_channel_day',
  {
    detectId: integer('detect_id').notNull().references(() => fallDetect.id, { onDelete: 'cascade' }),
    ch: smallint('ch').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hours: smallint('hours').notNull(),
    faults: integer('faults').notNull().default(0),
    showLevel: doublePrecision('show_level'),
    idleLevel: doublePrecision('idle_level'),
    spread: doublePrecision('spread').notNull().default(0),
    excursions: smallint('excursions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.detectId, t.ch, t.day] }), index('fall_channel_day_day_idx').on(t.day)],
);

export const fallOthers = pgTable('fall_others', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  kind: varchar('kind', { length: 32 }).notNull().default('water_level'),
  unit: varchar('unit', { length: 16 }).notNull().default(''),
  value: doublePrecision('value').notNull().default(0),
  minValue: doublePrecision('min_value'),
  maxValue: doublePrecision('max_value'),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const appUser = pgTable('app_user', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  sex: varchar('sex', { length: 1 }).notNull().default('2'),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  idCard: varchar('id_card', { length: 32 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const appBill = pgTable('app_bill', {
  id: serial('id').primaryKey(),
  number: varchar('number', { length: 32 }).notNull().unique(),
  userId: integer('user_id').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  cardNumber: varchar('card_number', { length: 32 }).notNull().default(''),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  billType: varchar('bill_type', { length: 4 }).notNull().default('1'),
  billRate: varchar('bill_rate', { length: 4 }).notNull().default('0'),
  billState: varchar('bill_state', { length: 4 }).notNull().default('0'),
  at: ts('at').notNull().defaultNow(),
});

export const appBillRecord = pgTable('app_bill_record', {
  id: serial('id').primaryKey(),
  billId: integer('bill_id').notNull().references(() => appBill.id, { onDelete: 'cascade' }),
  fromState: varchar('from_state', { length: 4 }),
  toState: varchar('to_state', { length: 4 }).notNull(),
  byUser: varchar('by_user', { length: 64 }).notNull().default(''),
  reason: text('reason').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
});

export const shipCard = pgTable('ship_card', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  type: varchar('type', { length: 32 }).notNull(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  /** Place in the cards list and the scene editor's palette (0026; drag-sorted). */
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export interface SceneItem {
  i: string;
  cardId: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const shipScene = pgTable('ship_scene', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  projectId: integer('project_id').references(() => fallProject.id, { onDelete: 'cascade' }),
  isPublic: boolean('is_public').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  layout: jsonb('layout').$type<SceneItem[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An alarm maintenance window of a project (0059, docs/alarms.md "Maintenance windows"), in the
 * project's time zone: `weekly` — the weekly hours of `slots` (an end at or before its start runs past
 * midnight); `dates` — whole local days `date_from` to `date_to` (a winter drain-down). Deleting one
 * archives it: the warnings it suppressed keep naming it in the operation log.
 */
export const fallAlarmWindow = pgTable(
  'fall_alarm_window',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().default('weekly'),
    slots: jsonb('slots').$type<OncallSlot[]>().notNull().default([]),
    dateFrom: varchar('date_from', { length: 10 }),
    dateTo: varchar('date_to', { length: 10 }),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    archivedAt: ts('archived_at'),
    createdBy: varchar('created_by', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fall_alarm_window_project_idx').on(t.projectId)],
);

/**
 * An entry of a project's operating calendar (0062, docs/maintenance.md "Operating calendar",
 * shared/calendar.ts), in the project's time zone: `programme` — weekly show hours (`slots`), between
 * `date_from` and `date_to` when given; `season` — whole local days closed (winterised); `holiday` —
 * whole local days without the programme; `event` — a one-off show on `date_from`, `time_from` to
 * `time_to`. Deleting one archives it: the figures of past days were counted by it.
 */
export const fallCalendarEntry = pgTable(
  'fall_calendar_entry',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    slots: jsonb('slots').$type<OncallSlot[]>().notNull().default([]),
    dateFrom: varchar('date_from', { length: 10 }),
    dateTo: varchar('date_to', { length: 10 }),
    timeFrom: varchar('time_from', { length: 5 }),
    timeTo: varchar('time_to', { length: 5 }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    archivedAt: ts('archived_at'),
    createdBy: varchar('created_by', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fall_calendar_entry_project_idx').on(t.projectId)],
);

/**
 * Checklist templates (0063, docs/maintenance.md "Checklists"): typed items (shared/checklist.ts).
 * Deleting one archives it; what was filled keeps its own copy of the items.
 */
export const fallChecklist = pgTable('fall_checklist', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  items: jsonb('items').$type<CheckItem[]>().notNull(),
  archivedAt: ts('archived_at'),
  createdBy: varchar('created_by', { length: 64 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A checklist as filled in one report (0063): the template's items copied as they were, the answers,
 * and what they failed. A record: never updated; its report cannot be deleted while it stands.
 */
export const fallChecklistFilled = pgTable(
  'fall_checklist_filled',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id').notNull().unique().references(() => fallReport.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').notNull().references(() => fallOrder.id, { onDelete: 'cascade' }),
    checklistId: integer('checklist_id').references(() => fallChecklist.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
    items: jsonb('items').$type<CheckItem[]>().notNull(),
    answers: jsonb('answers').$type<CheckAnswers>().notNull(),
    failed: integer('failed').notNull().default(0),
    flagged: integer('flagged').notNull().default(0),
    correctiveOrderId: integer('corrective_order_id'),
    filledBy: varchar('filled_by', { length: 64 }).notNull().default(''),
    filledAt: ts('filled_at').notNull().defaultNow(),
  },
  (t) => [index('fall_checklist_filled_order_idx').on(t.orderId)],
);

/**
 * Every number of a filled checklist (0063), for its unit's history and trend beside the board's
 * readings: the value with the limits it was judged by.
 */
export const fallChecklistValue = pgTable(
  'fall_checklist_value',
  {
    id: serial('id').primaryKey(),
    filledId: integer('filled_id').notNull().references(() => fallChecklistFilled.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
    itemKey: varchar('item_key', { length: 32 }).notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    labelEn: varchar('label_en', { length: 200 }).notNull().default(''),
    unit: varchar('unit', { length: 16 }).notNull().default(''),
    value: doublePrecision('value').notNull(),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    ok: boolean('ok').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('fall_checklist_value_unit_idx').on(t.equipmentId, t.itemKey, t.at), index('fall_checklist_value_project_idx').on(t.projectId, t.at)],
);

/**
 * Preventive plans (0065, docs/maintenance.md "Preventive plans"): per unit, device model or
 * project, each with one trigger (`trigger` names it, `rule` holds it: shared/contracts/pm-plan.ts).
 * Deleting a plan that has opened orders archives it.
 */
export const fallPmPlan = pgTable(
  'fall_pm_plan',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
    /** unit | model | project: what it covers in its project. */
    target: varchar('target', { length: 8 }).notNull(),
    equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => fallDevice.id, { onDelete: 'set null' }),
    checklistId: integer('checklist_id').references(() => fallChecklist.id, { onDelete: 'set null' }),
    priority: varchar('priority', { length: 16 }).notNull().default('normal'),
    /** Days before the due date its order is opened. */
    leadDays: integer('lead_days').notNull().default(0),
    /** calendar | meter | season. */
    trigger: varchar('trigger', { length: 8 }).notNull(),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    archivedAt: ts('archived_at'),
    createdBy: varchar('created_by', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fall_pm_plan_project_idx').on(t.projectId)],
);

/**
 * Each due date a plan opened an order for, per unit it covers (`unit_key` the unit's id, 0 for
 * the project itself): unique, so no due date opens twice, whichever instance sweeps. `due` is the
 * local date (calendar, season) or `#<cycle>` (a meter's Nth limit).
 */
export const fallPmOccurrence = pgTable(
  'fall_pm_occurrence',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id').notNull().references(() => fallPmPlan.id, { onDelete: 'cascade' }),
    unitKey: integer('unit_key').notNull(),
    equipmentId: integer('equipment_id').references(() => fallEqInfo.id, { onDelete: 'set null' }),
    due: varchar('due', { length: 16 }).notNull(),
    /** The local due date (a meter's: the day its limit was passed). */
    dueDate: varchar('due_date', { length: 10 }).notNull(),
    orderId: integer('order_id').references(() => fallOrder.id, { onDelete: 'set null' }),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fall_pm_occurrence_due_key').on(t.planId, t.unitKey, t.due), index('fall_pm_occurrence_order_idx').on(t.orderId)],
);

/**
 * A meter plan's count (0065): run-hours or starts since its last order, counted from the board's
 * raw readings up to `counted_to`; `running` is the state of the last reading counted.
 */
export const fallPmMeter = pgTable('fall_pm_meter', {
  planId: integer('plan_id').primaryKey().references(() => fallPmPlan.id, { onDelete: 'cascade' }),
  cycle: integer('cycle').notNull().default(1),
  value: doublePrecision('value').notNull().default(0),
  countedTo: ts('counted_to').notNull(),
  running: boolean('running').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
