import type { FastifyInstance } from 'fastify';
import { WARNING_LEVEL } from '@shared/dictionaries';
import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { createTransport } from 'nodemailer';
import { parsePopupLevels } from '@shared/alarm';
import type { Locale } from '@shared/constants';
import { OUTBOUND_TIMEOUT_MS } from '@shared/constants';
import type { EscalationChannel } from '@shared/contracts/escalation';
import { formatMessage, renderText, serverText } from '@shared/server-text';
import { fallEscalationRecipient, fallProject, fallWarning, fallWarningNotice, sysLog } from '../../../db/schema';
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
}

/** The message in one language (e-mails carry both: Chinese first, as the product's default). */
function textOf(n: Notice, locale: Locale, now: Date) {
  const params = {
    level: n.level,
    project: locale === 'en' && n.projectNameEn ? n.projectNameEn : n.projectName,
    info: renderText(n.info, locale),
    // The level as its word in the message's language (the webhook's JSON keeps the code for machines).
    warningLevel: WARNING_LEVEL.find((l) => l.value === n.warningLevel)?.[locale] ?? n.warningLevel,
    minutes: Math.max(0, Math.floor((now.getTime() - n.at.getTime()) / 60_000)),
    at: n.at.toISOString(),
    id: n.warningId,
  };
  return { subject: formatMessage('notify.subject', params, locale), body: formatMessage('notify.body', params, locale) };
}

async function sendEmail(app: FastifyInstance, n: Notice, hosts: string[], now: Date): Promise<void> {
  const smtp = app.config.smtp;
  if (!smtp) throw new Permanent(serverText('notify.noSmtp'));
  if (!hostAllowed(smtp.host, smtp.port, hosts)) throw new Refused(`${smtp.host}:${smtp.port}`);
  const cn = textOf(n, 'cn', now);
  const en = textOf(n, 'en', now);
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
    await transport.sendMail({ from: smtp.from, to: n.address!, subject: `${cn.subject} / ${en.subject}`, text: `${cn.body}\n\n${en.body}\n` });
  } finally {
    transport.close();
  }
}

async function sendWebhook(app: FastifyInstance, n: Notice, hosts: string[], now: Date): Promise<void> {
  const url = n.address!;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('not a URL');
  }
  if (!hostAllowed(parsed.hostname, parsed.port, hosts) || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new Refused(safeHost(url));
  const cn = textOf(n, 'cn', now);
  const en = textOf(n, 'en', now);
  const payload = {
    // `text` is what Slack, Mattermost, Rocket.Chat and most chat tools' incoming webhooks show.
    text: `${cn.subject}\n${en.subject}`,
    event: 'warning.escalated',
    warningId: n.warningId,
    escalationLevel: n.level,
    projectId: n.projectId,
    project: n.projectName,
    projectEn: n.projectNameEn,
    warningLevel: n.warningLevel,
    info: { cn: renderText(n.info, 'cn'), en: renderText(n.info, 'en') },
    at: n.at.toISOString(),
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
async function audit(app: FastifyInstance, action: 'escalate' | 'notify', warningId: number, success: boolean, params: Record<string, unknown>) {
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
 * The escalation that reaches a person (docs/escalation.md): each open, unacknowledged alarm of the
 * popping levels that passed the next entry of alarm.notifyMinutes reaches that level (once: the
 * warning's notify_level moves only forward, by a conditional update, so two instances never both
 * do it); a notification is recorded for every recipient of its project named for the levels it
 * passed, the escalation goes to the audit log, and the due notifications are sent.
 */
export async function notifyEscalations(app: FastifyInstance, now = new Date()): Promise<{ escalated: number; delivered: number }> {
  const steps = parseNotifyMinutes(await app.settings.get('alarm.notifyMinutes'));
  let escalated = 0;
  if (steps.length) {
    const db = app.database.db;
    const levels = parsePopupLevels(await app.settings.get('alarm.popupLevels'));
    const due = await db
      .select({ id: fallWarning.id, projectId: fallWarning.projectId, at: fallWarning.at, notifyLevel: fallWarning.notifyLevel })
      .from(fallWarning)
      .innerJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
      .where(
        and(
          isNull(fallWarning.result),
          isNull(fallWarning.ackAt),
          isNull(fallProject.archivedAt),
          inArray(fallWarning.level, levels),
          sql`${fallWarning.notifyLevel} < ${steps.length}`,
          lte(fallWarning.at, new Date(now.getTime() - steps[0] * 60_000)),
        ),
      )
      .orderBy(asc(fallWarning.at))
      .limit(200);
    const touched = new Set<number>();
    for (const w of due) {
      const reached = steps.filter((m) => w.at.getTime() + m * 60_000 <= now.getTime()).length;
      if (reached <= w.notifyLevel) continue;
      const made = await db.transaction(async (tx) => {
        const [won] = await tx
          .update(fallWarning)
          .set({ notifyLevel: reached })
          .where(and(eq(fallWarning.id, w.id), eq(fallWarning.notifyLevel, w.notifyLevel), isNull(fallWarning.ackAt), isNull(fallWarning.result)))
          .returning({ id: fallWarning.id });
        if (!won) return null;
        const people = await tx
          .select({ id: fallEscalationRecipient.id, level: fallEscalationRecipient.level, channel: fallEscalationRecipient.channel, address: fallEscalationRecipient.address })
          .from(fallEscalationRecipient)
          .where(and(eq(fallEscalationRecipient.projectId, w.projectId), gt(fallEscalationRecipient.level, w.notifyLevel), lte(fallEscalationRecipient.level, reached)))
          .orderBy(asc(fallEscalationRecipient.level), asc(fallEscalationRecipient.id));
        if (people.length)
          await tx
            .insert(fallWarningNotice)
            .values(people.map((p) => ({ warningId: w.id, level: p.level, channel: p.channel, recipient: publicTargetOf(p.channel, p.address), recipientId: p.id, nextAttemptAt: now })))
            .onConflictDoNothing();
        return people.length;
      });
      if (made === null) continue;
      escalated++;
      touched.add(w.projectId);
      await audit(app, 'escalate', w.id, true, { level: reached, minutes: steps[reached - 1], notices: made });
    }
    for (const projectId of touched) await publishLive(app, { topic: 'warning', projectId });
  }
  return { escalated, delivered: await deliverDueNotices(app, now) };
}

/**
 * Sends the notifications that are due (new, or a retry whose time has come), each claimed first by
 * a conditional update of its attempts so no two sweeps send it at once. Sent: done. Refused by the
 * outbound allow-list: recorded as refused, never retried (an administrator must allow the host).
 * Failed: retried after RETRY_BASE_MS × 2^(attempts−1) until NOTIFY_MAX_ATTEMPTS. Every try goes to
 * the audit log. A notification still pending once its warning is acknowledged or closed is still
 * sent: it was due when the alarm was not.
 */
export async function deliverDueNotices(app: FastifyInstance, now = new Date()): Promise<number> {
  const db = app.database.db;
  const due = await db
    .select({
      id: fallWarningNotice.id,
      warningId: fallWarningNotice.warningId,
      level: fallWarningNotice.level,
      channel: fallWarningNotice.channel,
      recipient: fallWarningNotice.recipient,
      attempts: fallWarningNotice.attempts,
      address: fallEscalationRecipient.address,
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
    .leftJoin(fallEscalationRecipient, eq(fallEscalationRecipient.id, fallWarningNotice.recipientId))
    .where(and(eq(fallWarningNotice.status, 'pending'), lte(fallWarningNotice.nextAttemptAt, now)))
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
    let status: 'sent' | 'pending' | 'failed' | 'refused' = 'sent';
    let lastError = '';
    try {
      if (n.address === null) throw new Permanent(serverText('notify.recipientGone'));
      if (n.channel === 'email') await sendEmail(app, n, hosts, now);
      else await sendWebhook(app, n, hosts, now);
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
    await db
      .update(fallWarningNotice)
      .set({ status, lastError, updatedAt: new Date(), ...(status === 'pending' ? { nextAttemptAt: retryAt } : {}) })
      .where(eq(fallWarningNotice.id, n.id));
    await audit(app, 'notify', n.warningId, status === 'sent', {
      level: n.level,
      channel: n.channel as EscalationChannel,
      recipient: n.recipient,
      status,
      attempt: attempts,
      ...(lastError ? { error: lastError } : {}),
      ...(status === 'pending' ? { retryAt: retryAt.toISOString() } : {}),
    });
    if (status !== 'sent') app.log.warn({ notice: n.id, warning: n.warningId, channel: n.channel, status, error: renderText(lastError, 'en') }, 'escalation notification not sent');
    touched.add(n.projectId);
  }
  for (const projectId of touched) await publishLive(app, { topic: 'warning', projectId });
  return delivered;
}
