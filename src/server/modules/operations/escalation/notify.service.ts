import type { FastifyInstance } from 'fastify';
import { WARNING_LEVEL } from '@shared/dictionaries';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { createTransport } from 'nodemailer';
import { parsePopupLevels } from '@shared/alarm';
import type { Locale } from '@shared/constants';
import { OUTBOUND_TIMEOUT_MS } from '@shared/constants';
import type { EscalationChannel } from '@shared/contracts/escalation';
import { formatMessage, renderText, serverText } from '@shared/server-text';
import { fallDetect, fallEscalationPolicy, fallEscalationRecipient, fallOncallMember, fallOncallRoster, fallProject, fallWarning, fallWarningNotice, sysLog, sysUser, type EscalationStep } from '../../../db/schema';
import { onCallAt } from '@shared/oncall';
import { hostAllowed, outboundFetch, parseOutboundHosts, safeHost } from '../../../lib/outbound';
import { ApiError } from '../../../lib/errors';
import { publishLive } from '../../../live';

/** Tries per notification: the first and up to three retries, RETRY_BASE_MS × 2^(n−1) apart (30 s, 1 min, 2 min). */
export const NOTIFY_MAX_ATTEMPTS = 4;
export const RETRY_BASE_MS = 30_000;
/** A notification being sent is held this long, so a second instance (or a crash mid-send) does not send it twice at once. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 50;
const LEVELS_MAX = 5;
/**
 * A board-offline notification waits this long after it is made, and carries in its one message
 * every other one of its project's offline boards made within that time for the same recipient
 * (docs/escalation.md "Offline boards of one project").
 */
export const OFFLINE_GROUP_MS = 60_000;
/** Who the audit log names for what the server did by itself. */
const SYSTEM_ACTOR = 'system';

/**
 * alarm.notifyMinutes ("10,30,60") as the minutes of levels 1, 2, 3…: positive numbers, ascending,
 * at most five; anything else in the list is skipped (a typo never notifies at 0 minutes).
 */
export function parseNotifyMinutes(setting: string): number[] {
  const minutes = setting
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  return [...new Set(minutes)].sort((a, b) => a - b).slice(0, LEVELS_MAX);
}

/** What a reader may see of an address: an e-mail address whole, a webhook's origin only (its path is often its key). */
export function publicTargetOf(channel: string, address: string): string {
  if (channel !== 'webhook') return address;
  try {
    const u = new URL(address);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '';
  }
}
/** The same in SQL, for the recipients' list. */
export const publicTarget = (channel: PgColumn, address: PgColumn): SQL =>
  sql`CASE WHEN ${channel} = 'webhook' THEN coalesce(substring(${address} from '^[A-Za-z]+://[^/?#@]+'), '') ELSE ${address} END`;

/** A failure no retry can mend (no mail server configured, the recipient deleted): failed at once, its reason a stored message. */
class Permanent extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

class Refused extends Error {
  constructor(readonly host: string) {
    super('refused');
  }
}

/** An error as it may be stored and shown: its code or first line, no URL path, user or password, at most 300 characters. */
function safeError(err: unknown, secrets: string[]): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  let text = String(e?.message ?? err).split('\n')[0];
  for (const s of secrets) if (s) text = text.split(s).join('***');
  text = text.replace(/https?:\/\/[^\s'"]+/g, (m) => publicTargetOf('webhook', m) || '***');
  const code = e?.code && !text.includes(e.code) ? `${e.code}: ` : '';
  return `${code}${text}`.slice(0, 300);
}

interface Notice {
  id: number;
  warningId: number;
  kind: string;
  createdAt: Date;
  board: string;
  boardEn: string;
  level: number;
  channel: string;
  recipient: string;
  attempts: number;
  address: string | null;
  projectId: number;
  projectName: string;
  projectNameEn: string;
  info: string;
  warningLevel: string;
  at: Date;
  round: number;
  ackBy: string;
  ackAt: Date | null;
  ackComment: string;
}

/** An offline board of a combined message: its warning, its name in both languages, since when. */
interface GroupedBoard {
  warningId: number;
  board: string;
  boardEn: string;
  at: Date;
}
const boardName = (b: { board: string; boardEn: string }, locale: Locale) => (locale === 'en' && b.boardEn ? b.boardEn : b.board);
/** How each language runs a list of names together. */
const LIST_SEPARATOR: Record<Locale, string> = { cn: '、', en: ', ' };

/**
 * The message in one language (e-mails carry both: Chinese first, as the product's default). With
 * `group` (the offline boards of one project, the notice's own first), one message naming them all.
 */
function textOf(n: Notice, locale: Locale, now: Date, group: GroupedBoard[] = []) {
  if (group.length > 1) {
    const since = Math.min(...group.map((b) => b.at.getTime()));
    const params = {
      level: n.level,
      project: locale === 'en' && n.projectNameEn ? n.projectNameEn : n.projectName,
      count: group.length,
      boards: group.map((b) => boardName(b, locale)).join(LIST_SEPARATOR[locale]),
      warningLevel: WARNING_LEVEL.find((l) => l.value === n.warningLevel)?.[locale] ?? n.warningLevel,
      minutes: Math.max(0, Math.floor((now.getTime() - since) / 60_000)),
      lines: group.map((b) => formatMessage('notify.groupLine', { board: boardName(b, locale), at: b.at.toISOString(), id: b.warningId }, locale)).join('\n'),
    };
    return { subject: formatMessage('notify.groupSubject', params, locale), body: formatMessage('notify.groupBody', params, locale) };
  }
  const params = {
    level: n.level,
    project: locale === 'en' && n.projectNameEn ? n.projectNameEn : n.projectName,
    info: renderText(n.info, locale),
    // The level as its word in the message's language (the webhook's JSON keeps the code for machines).
    warningLevel: WARNING_LEVEL.find((l) => l.value === n.warningLevel)?.[locale] ?? n.warningLevel,
    minutes: Math.max(0, Math.floor((now.getTime() - n.at.getTime()) / 60_000)),
    at: n.at.toISOString(),
    id: n.warningId,
    round: n.round,
    ackBy: n.ackBy,
  };
  if (n.round > 0) return { subject: formatMessage('notify.resubject', params, locale), body: formatMessage('notify.rebody', params, locale) };
  return { subject: formatMessage('notify.subject', params, locale), body: formatMessage('notify.body', params, locale) };
}

async function sendEmail(app: FastifyInstance, n: Notice, hosts: string[], now: Date, group: GroupedBoard[]): Promise<void> {
  const smtp = app.config.smtp;
  if (!smtp) throw new Permanent(serverText('notify.noSmtp'));
  if (!hostAllowed(smtp.host, smtp.port, hosts)) throw new Refused(`${smtp.host}:${smtp.port}`);
  const cn = textOf(n, 'cn', now, group);
  const en = textOf(n, 'en', now, group);
  await sendMail(smtp, { to: n.address!, subject: `${cn.subject} / ${en.subject}`, text: `${cn.body}\n\n${en.body}\n` });
}

/**
 * One message through the configured mail server (SMTP_*): escalations, and the assignees' notifications
 * (assignment/notification-mail.ts). The caller checks the server is configured and allowed.
 */
export async function sendMail(smtp: NonNullable<FastifyInstance['config']['smtp']>, message: { to: string; subject: string; text: string }): Promise<void> {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    connectionTimeout: OUTBOUND_TIMEOUT_MS,
    greetingTimeout: OUTBOUND_TIMEOUT_MS,
    socketTimeout: OUTBOUND_TIMEOUT_MS * 2,
    logger: false,
  });
  try {
    await transport.sendMail({ from: smtp.from, ...message });
  } finally {
    transport.close();
  }
}

async function sendWebhook(app: FastifyInstance, n: Notice, hosts: string[], now: Date, group: GroupedBoard[]): Promise<void> {
  const url = n.address!;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('not a URL');
  }
  if (!hostAllowed(parsed.hostname, parsed.port, hosts) || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new Refused(safeHost(url));
  const cn = textOf(n, 'cn', now, group);
  const en = textOf(n, 'en', now, group);
  const payload = {
    // `text` is what Slack, Mattermost, Rocket.Chat and most chat tools' incoming webhooks show.
    text: `${cn.subject}\n${en.subject}`,
    event: n.round > 0 ? 'warning.renotified' : 'warning.escalated',
    warningId: n.warningId,
    escalationLevel: n.level,
    ...(n.round > 0 ? { round: n.round, ackBy: n.ackBy, ackAt: n.ackAt?.toISOString() ?? null, ackComment: n.ackComment } : {}),
    projectId: n.projectId,
    project: n.projectName,
    projectEn: n.projectNameEn,
    warningLevel: n.warningLevel,
    info: { cn: renderText(n.info, 'cn'), en: renderText(n.info, 'en') },
    at: n.at.toISOString(),
    // One message for several boards of the project gone offline together: each of them.
    ...(group.length > 1 ? { boards: group.map((b) => ({ warningId: b.warningId, board: b.board, boardEn: b.boardEn, at: b.at.toISOString() })) } : {}),
  };
  let res: Response;
  try {
    res = await outboundFetch(app, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  } catch (err) {
    if (err instanceof ApiError) throw new Refused(safeHost(url));
    throw err;
  }
  await res.body?.cancel().catch(() => undefined);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

/** One audit (operation log) row for what the escalation did, under the warnings' module and menu. */
async function audit(app: FastifyInstance, action: 'escalate' | 'notify' | 'renotify' | 'cancel', warningId: number, success: boolean, params: Record<string, unknown>) {
  await app.database.db.insert(sysLog).values({
    userId: null,
    username: SYSTEM_ACTOR,
    module: 'ball/fallwarning',
    menuCode: 'fall-detect',
    action,
    target: String(warningId),
    method: '',
    path: '',
    ip: '',
    statusCode: success ? 200 : 0,
    success,
    params,
  });
}

/** Writes an escalation of the walls (alarm.escalateMinutes) to the audit log, one row per warning. */
export async function auditWallEscalation(app: FastifyInstance, ids: number[]): Promise<void> {
  for (const id of ids) await audit(app, 'escalate', id, true, { level: 0, reach: 'walls' });
}

/**
 * Not suppressed (docs/alarms.md "Suppression by cause"): a shelved alarm, one of a unit out of
 * service or of a board gone offline is neither escalated nor re-notified, and its pending
 * notifications are cancelled.
 */
export const notSuppressed: SQL = sql`${fallWarning.suppressedBy} IS NULL`;

/** A project's policy as the sweep reads it: its own (fall_escalation_policy), or the default one of alarm.notifyMinutes. */
export interface Policy {
  id: number | null;
  steps: EscalationStep[];
  renotifyMinutes: number;
}

/** alarm.notifyMinutes as a policy: each level a step after the one before, telling that level's recipients. */
export function defaultPolicy(notifyMinutes: string): Policy {
  const at = parseNotifyMinutes(notifyMinutes);
  return { id: null, steps: at.map((m, i) => ({ minutes: m - (i ? at[i - 1] : 0), rosterId: null })), renotifyMinutes: 0 };
}

/** The minutes after the alarm at which each step is due (the steps' waits added up). */
export function stepTimes(steps: readonly EscalationStep[]): number[] {
  let sum = 0;
  return steps.map((s) => (sum += s.minutes));
}

type Tx = Parameters<Parameters<FastifyInstance['database']['db']['transaction']>[0]>[0];
interface NewNotice {
  warningId: number;
  level: number;
  round: number;
  channel: string;
  recipient: string;
  recipientId: number | null;
  memberId: number | null;
  nextAttemptAt: Date;
  /** The sweep's time: a board-offline notification takes in those made within OFFLINE_GROUP_MS of it. */
  createdAt: Date;
}

/**
 * Who a step tells: the project's recipients of its level, and the person on call now on the step's
 * roster (if it names a live roster of the project and someone is on call), by each channel they have.
 */
async function stepNotices(tx: Tx, w: { id: number; projectId: number; timeZone: string; kind: string }, policy: Policy, level: number, round: number, now: Date): Promise<{ rows: NewNotice[]; onCall?: number | null }> {
  // A board gone offline waits for the project's other boards that go with it (deliverDueNotices).
  const due = w.kind === 'offline' && round === 0 ? new Date(now.getTime() + OFFLINE_GROUP_MS) : now;
  const people = await tx
    .select({ id: fallEscalationRecipient.id, channel: fallEscalationRecipient.channel, address: fallEscalationRecipient.address })
    .from(fallEscalationRecipient)
    .where(and(eq(fallEscalationRecipient.projectId, w.projectId), eq(fallEscalationRecipient.level, level)))
    .orderBy(asc(fallEscalationRecipient.id));
  const rows: NewNotice[] = people.map((p) => ({ warningId: w.id, level, round, channel: p.channel, recipient: publicTargetOf(p.channel, p.address), recipientId: p.id, memberId: null, nextAttemptAt: due, createdAt: now }));
  const rosterId = policy.steps[level - 1]?.rosterId ?? null;
  if (rosterId === null) return { rows };
  const [roster] = await tx
    .select({ overrides: fallOncallRoster.overrides })
    .from(fallOncallRoster)
    .where(and(eq(fallOncallRoster.id, rosterId), eq(fallOncallRoster.projectId, w.projectId), isNull(fallOncallRoster.archivedAt)));
  if (!roster) return { rows, onCall: null };
  const members = await tx
    .select({ id: fallOncallMember.id, userId: fallOncallMember.userId, slots: fallOncallMember.slots, email: sql<string>`coalesce(nullif(${fallOncallMember.email}, ''), ${sysUser.email}, '')`, webhook: fallOncallMember.webhook })
    .from(fallOncallMember)
    .innerJoin(sysUser, eq(sysUser.id, fallOncallMember.userId))
    .where(eq(fallOncallMember.rosterId, rosterId))
    .orderBy(asc(fallOncallMember.sort), asc(fallOncallMember.id));
  const on = onCallAt(members.map((m) => ({ userId: m.userId, slots: m.slots, person: m })), roster.overrides, w.timeZone, now.getTime());
  if (!on) return { rows, onCall: null };
  const m = on.person.person!;
  if (m.email) rows.push({ warningId: w.id, level, round, channel: 'email', recipient: m.email, recipientId: null, memberId: m.id, nextAttemptAt: due, createdAt: now });
  if (m.webhook) rows.push({ warningId: w.id, level, round, channel: 'webhook', recipient: publicTargetOf('webhook', m.webhook), recipientId: null, memberId: m.id, nextAttemptAt: due, createdAt: now });
  return { rows, onCall: m.userId };
}

async function insertNotices(tx: Tx, rows: NewNotice[]): Promise<void> {
  const fixed = rows.filter((r) => r.memberId === null);
  const onCall = rows.filter((r) => r.memberId !== null);
  if (fixed.length) await tx.insert(fallWarningNotice).values(fixed).onConflictDoNothing();
  if (onCall.length) await tx.insert(fallWarningNotice).values(onCall).onConflictDoNothing();
}

/**
 * The escalation that reaches a person (docs/escalation.md): each open, unacknowledged alarm of the
 * popping levels, not suppressed, that passed the next step of its project's policy (its own, or the
 * default one of alarm.notifyMinutes) reaches that step (once: the warning's notify_level moves only
 * forward, by a conditional update, so two instances never both do it); each step passed tells its
 * level's recipients and its roster's person on call now; the escalation goes to the audit log. Then
 * acknowledged alarms still standing past their policy's re-notification time are told again (once
 * per period), and the due notifications are sent.
 */
export async function notifyEscalations(app: FastifyInstance, now = new Date()): Promise<{ escalated: number; delivered: number; renotified: number }> {
  const db = app.database.db;
  const fallback = defaultPolicy(await app.settings.get('alarm.notifyMinutes'));
  const firstWait = fallback.steps[0]?.minutes ?? 0;
  const levels = parsePopupLevels(await app.settings.get('alarm.popupLevels'));
  const policyJoin = and(eq(fallEscalationPolicy.projectId, fallWarning.projectId), isNull(fallEscalationPolicy.archivedAt));
  const policyOf = (row: { policyId: number | null; steps: EscalationStep[] | null; renotifyMinutes: number | null }): Policy =>
    row.policyId === null ? fallback : { id: row.policyId, steps: row.steps ?? [], renotifyMinutes: row.renotifyMinutes ?? 0 };
  const nowText = now.toISOString();
  let escalated = 0;
  const touched = new Set<number>();

  const due = await db
    .select({
      id: fallWarning.id,
      projectId: fallWarning.projectId,
      timeZone: fallProject.timeZone,
      kind: fallWarning.kind,
      soundingSince: fallWarning.soundingSince,
      notifyLevel: fallWarning.notifyLevel,
      policyId: fallEscalationPolicy.id,
      steps: fallEscalationPolicy.steps,
      renotifyMinutes: fallEscalationPolicy.renotifyMinutes,
    })
    .from(fallWarning)
    .innerJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
    .leftJoin(fallEscalationPolicy, policyJoin)
    .where(
      and(
        isNull(fallWarning.result),
        isNull(fallWarning.ackAt),
        isNull(fallProject.archivedAt),
        notSuppressed,
        inArray(fallWarning.level, levels),
        sql`${fallWarning.notifyLevel} < coalesce(jsonb_array_length(${fallEscalationPolicy.steps}), ${fallback.steps.length})`,
        sql`${fallWarning.soundingSince} <= ${nowText}::timestamptz - make_interval(secs => coalesce((${fallEscalationPolicy.steps} -> 0 ->> 'minutes')::float8, ${firstWait}) * 60)`,
      ),
    )
    .orderBy(asc(fallWarning.soundingSince))
    .limit(200);
  for (const w of due) {
    const policy = policyOf(w);
    const times = stepTimes(policy.steps);
    // Counted from when it started sounding (raised, or released from a suppression), not from its raise.
    const reached = times.filter((m) => w.soundingSince.getTime() + m * 60_000 <= now.getTime()).length;
    if (reached <= w.notifyLevel) continue;
    const made = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(fallWarning)
        .set({ notifyLevel: reached })
        .where(and(eq(fallWarning.id, w.id), eq(fallWarning.notifyLevel, w.notifyLevel), isNull(fallWarning.ackAt), isNull(fallWarning.result)))
        .returning({ id: fallWarning.id });
      if (!won) return null;
      const rows: NewNotice[] = [];
      const onCall: (number | null)[] = [];
      for (let level = w.notifyLevel + 1; level <= reached; level++) {
        const step = await stepNotices(tx, w, policy, level, 0, now);
        rows.push(...step.rows);
        if (step.onCall !== undefined) onCall.push(step.onCall);
      }
      await insertNotices(tx, rows);
      return { notices: rows.length, onCall };
    });
    if (made === null) continue;
    escalated++;
    touched.add(w.projectId);
    await audit(app, 'escalate', w.id, true, {
      level: reached,
      minutes: times[reached - 1],
      notices: made.notices,
      ...(policy.id !== null ? { policy: policy.id } : {}),
      ...(made.onCall.length ? { onCall: made.onCall } : {}),
    });
  }

  // Acknowledged but still standing: told again once per period of the policy's re-notification.
  let renotified = 0;
  const standing = await db
    .select({
      id: fallWarning.id,
      projectId: fallWarning.projectId,
      timeZone: fallProject.timeZone,
      kind: fallWarning.kind,
      notifyLevel: fallWarning.notifyLevel,
      renotifyCount: fallWarning.renotifyCount,
      policyId: fallEscalationPolicy.id,
      steps: fallEscalationPolicy.steps,
      renotifyMinutes: fallEscalationPolicy.renotifyMinutes,
    })
    .from(fallWarning)
    .innerJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
    .innerJoin(fallEscalationPolicy, policyJoin)
    .where(
      and(
        isNull(fallWarning.result),
        isNotNull(fallWarning.ackAt),
        isNull(fallProject.archivedAt),
        notSuppressed,
        inArray(fallWarning.level, levels),
        gt(fallEscalationPolicy.renotifyMinutes, 0),
        // A period counts from the last reminder (or the acknowledgement), and never from before the
        // alarm last began to sound: one released from a shelf or a window is reminded a period later.
        sql`greatest(coalesce(${fallWarning.renotifiedAt}, ${fallWarning.ackAt}), ${fallWarning.soundingSince}) <= ${nowText}::timestamptz - make_interval(mins => ${fallEscalationPolicy.renotifyMinutes})`,
      ),
    )
    .orderBy(asc(fallWarning.ackAt))
    .limit(200);
  for (const w of standing) {
    const policy = policyOf(w);
    const round = w.renotifyCount + 1;
    const level = Math.min(Math.max(w.notifyLevel, 1), policy.steps.length);
    const made = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(fallWarning)
        .set({ renotifiedAt: now, renotifyCount: round })
        .where(and(eq(fallWarning.id, w.id), eq(fallWarning.renotifyCount, w.renotifyCount), isNull(fallWarning.result)))
        .returning({ id: fallWarning.id });
      if (!won) return null;
      const step = await stepNotices(tx, w, policy, level, round, now);
      await insertNotices(tx, step.rows);
      return { notices: step.rows.length, onCall: step.onCall };
    });
    if (made === null) continue;
    renotified++;
    touched.add(w.projectId);
    await audit(app, 'renotify', w.id, true, { level, round, minutes: policy.renotifyMinutes, notices: made.notices, policy: policy.id, ...(made.onCall !== undefined ? { onCall: [made.onCall] } : {}) });
  }
  for (const projectId of touched) await publishLive(app, { topic: 'warning', projectId });
  return { escalated, delivered: await deliverDueNotices(app, now), renotified };
}

/**
 * Stops what is still to be sent for an alarm: every pending notification of it becomes `cancelled`
 * with `reason` (a stored message), and the audit log says how many and by whom. Called by the
 * acknowledgement itself, so no step goes out after it; the delivery sweep does the same for alarms
 * closed or suppressed (and acknowledged by any other way).
 */
export async function cancelPendingNotices(app: FastifyInstance, warningId: number, reason: string, by: string, onlyRound0 = false): Promise<number> {
  const gone = await app.database.db
    .update(fallWarningNotice)
    .set({ status: 'cancelled', lastError: reason, updatedAt: new Date() })
    .where(and(eq(fallWarningNotice.warningId, warningId), eq(fallWarningNotice.status, 'pending'), onlyRound0 ? eq(fallWarningNotice.round, 0) : undefined))
    .returning({ id: fallWarningNotice.id });
  if (!gone.length) return 0;
  // A cancelled message that was to carry other boards' notifications: they go on their own now.
  await app.database.db
    .update(fallWarningNotice)
    .set({ groupedInto: null, nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(and(inArray(fallWarningNotice.groupedInto, gone.map((g) => g.id)), eq(fallWarningNotice.status, 'pending')));
  await audit(app, 'cancel', warningId, true, { notices: gone.length, by });
  return gone.length;
}

/** Cancels the pending notifications that should no longer go: of closed or suppressed alarms, and escalations of acknowledged ones. */
async function cancelStale(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const stale = await db
    .selectDistinct({ id: fallWarning.id, ackBy: fallWarning.ackBy, closed: sql<boolean>`(${fallWarning.result} IS NOT NULL OR NOT ${notSuppressed})` })
    .from(fallWarningNotice)
    .innerJoin(fallWarning, eq(fallWarning.id, fallWarningNotice.warningId))
    .where(
      and(
        eq(fallWarningNotice.status, 'pending'),
        or(isNotNull(fallWarning.result), sql`NOT ${notSuppressed}`, and(isNotNull(fallWarning.ackAt), eq(fallWarningNotice.round, 0))),
      ),
    )
    .limit(BATCH);
  for (const w of stale) {
    if (w.closed) await cancelPendingNotices(app, w.id, serverText('notify.cancelledClosed'), SYSTEM_ACTOR);
    else await cancelPendingNotices(app, w.id, serverText('notify.cancelledAck', { by: w.ackBy }), SYSTEM_ACTOR, true);
  }
}

/** A notification's address: its recipient's, or the on-call person's e-mail (theirs on the roster, else their user's) or webhook. */
const noticeAddress = sql<string | null>`CASE WHEN ${fallWarningNotice.recipientId} IS NOT NULL THEN ${fallEscalationRecipient.address}
  WHEN ${fallWarningNotice.channel} = 'email' THEN nullif(coalesce(nullif(${fallOncallMember.email}, ''), ${sysUser.email}), '')
  ELSE nullif(${fallOncallMember.webhook}, '') END`;

/**
 * Boards of one project gone offline together (docs/escalation.md "Offline boards of one project"):
 * a board-offline escalation waits OFFLINE_GROUP_MS after it is made; at its first try it takes in
 * the notifications of its project's other offline boards made by then (at most OFFLINE_GROUP_MS
 * after it) for the same address, level and channel, still waiting and not yet tried, whose alarms
 * still stand unacknowledged and unsuppressed, and its one message names them all. The taken ones
 * point at it (`grouped_into`) and wait on it; a retry sends the same group (less those cancelled
 * since). Returns the boards the message names (none: a message of its own) and the notices carried.
 */
async function offlineGroup(app: FastifyInstance, n: Notice & { attempts: number }): Promise<{ boards: GroupedBoard[]; members: { id: number; warningId: number }[] }> {
  const none = { boards: [], members: [] };
  if (n.kind !== 'offline' || n.round !== 0 || n.address === null) return none;
  const db = app.database.db;
  if (n.attempts === 0) {
    const candidates = db
      .select({ id: fallWarningNotice.id })
      .from(fallWarningNotice)
      .innerJoin(fallWarning, eq(fallWarning.id, fallWarningNotice.warningId))
      .leftJoin(fallEscalationRecipient, eq(fallEscalationRecipient.id, fallWarningNotice.recipientId))
      .leftJoin(fallOncallMember, eq(fallOncallMember.id, fallWarningNotice.memberId))
      .leftJoin(sysUser, eq(sysUser.id, fallOncallMember.userId))
      .where(
        and(
          eq(fallWarning.projectId, n.projectId),
          eq(fallWarning.kind, 'offline'),
          isNull(fallWarning.result),
          isNull(fallWarning.ackAt),
          notSuppressed,
          eq(fallWarningNotice.round, 0),
          eq(fallWarningNotice.level, n.level),
          eq(fallWarningNotice.channel, n.channel),
          sql`${fallWarningNotice.id} <> ${n.id}`,
          lte(fallWarningNotice.createdAt, new Date(n.createdAt.getTime() + OFFLINE_GROUP_MS)),
          sql`${noticeAddress} = ${n.address}`,
        ),
      );
    await db
      .update(fallWarningNotice)
      .set({ groupedInto: n.id, updatedAt: new Date() })
      .where(and(inArray(fallWarningNotice.id, candidates), eq(fallWarningNotice.status, 'pending'), eq(fallWarningNotice.attempts, 0), isNull(fallWarningNotice.groupedInto)));
  }
  const members = await db
    .select({ id: fallWarningNotice.id, warningId: fallWarningNotice.warningId, at: fallWarning.at, board: sql<string>`coalesce(${fallDetect.boardName}, '')`, boardEn: sql<string>`coalesce(${fallDetect.boardNameEn}, '')` })
    .from(fallWarningNotice)
    .innerJoin(fallWarning, eq(fallWarning.id, fallWarningNotice.warningId))
    .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
    .where(and(eq(fallWarningNotice.groupedInto, n.id), eq(fallWarningNotice.status, 'pending')))
    .orderBy(asc(fallWarning.at), asc(fallWarningNotice.id));
  if (!members.length) return none;
  const own = { warningId: n.warningId, board: n.board, boardEn: n.boardEn, at: n.at };
  return { boards: [own, ...members].sort((a, b) => a.at.getTime() - b.at.getTime() || a.warningId - b.warningId), members };
}

/**
 * Sends the notifications that are due (new, or a retry whose time has come), each claimed first by
 * a conditional update of its attempts so no two sweeps send it at once. Sent: done. Refused by the
 * outbound allow-list: recorded as refused, never retried (an administrator must allow the host).
 * Failed: retried after RETRY_BASE_MS × 2^(attempts−1) until NOTIFY_MAX_ATTEMPTS. Every try goes to
 * the audit log. First, what should no longer go is cancelled: the escalation of an alarm acknowledged
 * since, anything of an alarm closed or suppressed since (cancelStale).
 */
export async function deliverDueNotices(app: FastifyInstance, now = new Date()): Promise<number> {
  const db = app.database.db;
  await cancelStale(app);
  const due = await db
    .select({
      id: fallWarningNotice.id,
      warningId: fallWarningNotice.warningId,
      level: fallWarningNotice.level,
      channel: fallWarningNotice.channel,
      recipient: fallWarningNotice.recipient,
      attempts: fallWarningNotice.attempts,
      address: noticeAddress,
      kind: fallWarning.kind,
      createdAt: fallWarningNotice.createdAt,
      board: sql<string>`coalesce(${fallDetect.boardName}, '')`,
      boardEn: sql<string>`coalesce(${fallDetect.boardNameEn}, '')`,
      round: fallWarningNotice.round,
      ackBy: fallWarning.ackBy,
      ackAt: fallWarning.ackAt,
      ackComment: fallWarning.ackComment,
      projectId: fallWarning.projectId,
      projectName: fallProject.name,
      projectNameEn: fallProject.nameEn,
      info: fallWarning.info,
      warningLevel: fallWarning.level,
      at: fallWarning.at,
    })
    .from(fallWarningNotice)
    .innerJoin(fallWarning, eq(fallWarning.id, fallWarningNotice.warningId))
    .innerJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
    .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
    .leftJoin(fallEscalationRecipient, eq(fallEscalationRecipient.id, fallWarningNotice.recipientId))
    .leftJoin(fallOncallMember, eq(fallOncallMember.id, fallWarningNotice.memberId))
    .leftJoin(sysUser, eq(sysUser.id, fallOncallMember.userId))
    // One carried in another's message waits on that one (offlineGroup).
    .where(and(eq(fallWarningNotice.status, 'pending'), isNull(fallWarningNotice.groupedInto), lte(fallWarningNotice.nextAttemptAt, now)))
    .orderBy(asc(fallWarningNotice.nextAttemptAt), asc(fallWarningNotice.id))
    .limit(BATCH);
  if (!due.length) return 0;
  const hosts = parseOutboundHosts(await app.settings.get('security.outboundHosts'));
  const secrets = [app.config.smtp?.pass ?? '', app.config.smtp?.user ?? ''];
  let delivered = 0;
  const touched = new Set<number>();
  for (const n of due) {
    const attempts = n.attempts + 1;
    const [claimed] = await db
      .update(fallWarningNotice)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + CLAIM_MS), updatedAt: new Date() })
      .where(and(eq(fallWarningNotice.id, n.id), eq(fallWarningNotice.status, 'pending'), eq(fallWarningNotice.attempts, n.attempts)))
      .returning({ id: fallWarningNotice.id });
    if (!claimed) continue;
    const group = await offlineGroup(app, n);
    let status: 'sent' | 'pending' | 'failed' | 'refused' = 'sent';
    let lastError = '';
    try {
      if (n.address === null) throw new Permanent(serverText('notify.recipientGone'));
      if (n.channel === 'email') await sendEmail(app, n, hosts, now, group.boards);
      else await sendWebhook(app, n, hosts, now, group.boards);
      delivered++;
    } catch (err) {
      if (err instanceof Refused) {
        status = 'refused';
        // Stored as a message: each reader sees it in their own language.
        lastError = serverText('notify.refused', { host: err.host });
      } else if (err instanceof Permanent) {
        status = 'failed';
        lastError = err.reason;
      } else {
        status = attempts < NOTIFY_MAX_ATTEMPTS ? 'pending' : 'failed';
        lastError = safeError(err, [...secrets, n.address ?? '']);
      }
    }
    const retryAt = new Date(now.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1));
    // What happened is recorded; only a retry waits on the notification still being pending (an
    // acknowledgement during the try cancelled it, and it stays cancelled).
    await db
      .update(fallWarningNotice)
      .set({ status, lastError, updatedAt: new Date(), ...(status === 'pending' ? { nextAttemptAt: retryAt } : {}) })
      .where(and(eq(fallWarningNotice.id, n.id), status === 'pending' ? eq(fallWarningNotice.status, 'pending') : undefined));
    await audit(app, 'notify', n.warningId, status === 'sent', {
      level: n.level,
      channel: n.channel as EscalationChannel,
      recipient: n.recipient,
      status,
      attempt: attempts,
      ...(lastError ? { error: lastError } : {}),
      ...(status === 'pending' ? { retryAt: retryAt.toISOString() } : {}),
      ...(group.members.length ? { group: group.members.map((m) => m.warningId) } : {}),
    });
    // The notifications its message carried share its fate once it has one (a retry keeps them waiting on it).
    if (group.members.length && status !== 'pending') {
      const carried = status === 'sent' ? { status: 'grouped', lastError: serverText('notify.grouped', { id: n.warningId }) } : { status, lastError };
      await db
        .update(fallWarningNotice)
        .set({ ...carried, updatedAt: new Date() })
        .where(and(eq(fallWarningNotice.groupedInto, n.id), eq(fallWarningNotice.status, 'pending')));
      for (const m of group.members) {
        await audit(app, 'notify', m.warningId, status === 'sent', { level: n.level, channel: n.channel as EscalationChannel, recipient: n.recipient, status: carried.status, attempt: attempts, with: n.warningId, ...(status !== 'sent' ? { error: lastError } : {}) });
      }
    }
    if (status !== 'sent') app.log.warn({ notice: n.id, warning: n.warningId, channel: n.channel, status, error: renderText(lastError, 'en') }, 'escalation notification not sent');
    touched.add(n.projectId);
  }
  for (const projectId of touched) await publishLive(app, { topic: 'warning', projectId });
  return delivered;
}
