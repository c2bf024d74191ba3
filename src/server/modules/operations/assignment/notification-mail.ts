import type { FastifyInstance } from 'fastify';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { formatMessage, renderText, serverText } from '@shared/server-text';
import { fallOrder, fallProject, sysNotification, sysUser } from '../../../db/schema';
import { hostAllowed, parseOutboundHosts } from '../../../lib/outbound';
import { sendMail } from '../escalation';

/** Tries per e-mail: the first and two retries, a minute, then two, apart. */
export const MAIL_MAX_ATTEMPTS = 3;
const RETRY_MS = 60_000;
/** A mail being sent is held this long, so another instance (or a crash mid-send) does not send it twice at once. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 50;

interface Pending {
  id: number;
  kind: string;
  attempts: number;
  email: string;
  number: string;
  name: string;
  dueAt: Date | null;
  project: string;
  projectEn: string;
}

/** The message in one language; an e-mail carries both, Chinese first as the product's default. */
function textOf(n: Pending, locale: Locale) {
  const params = {
    number: n.number,
    name: renderText(n.name, locale),
    project: locale === 'en' && n.projectEn ? n.projectEn : n.project,
    due: n.dueAt ? n.dueAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—',
  };
  return { subject: formatMessage(`mail.${n.kind}.subject`, params, locale), body: formatMessage(`mail.${n.kind}.body`, params, locale) };
}

/**
 * The mail sweep (device jobs, every 15 s): each notification still to send goes to its user's
 * address through the configured mail server (SMTP_*, the host on `security.outboundHosts`, as
 * escalations). A user without an address, or no mail server, is `none` (the bell still tells them);
 * a refused host or a last failed try is `failed` with its reason; other failures are retried.
 * Each is claimed before it is sent, so two instances never send one twice. Returns the mails sent.
 */
export async function sendNotificationMail(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const db = app.database.db;
  const due: Pending[] = await db
    .select({
      id: sysNotification.id,
      kind: sysNotification.kind,
      attempts: sysNotification.mailAttempts,
      email: sysUser.email,
      number: fallOrder.number,
      name: fallOrder.name,
      dueAt: fallOrder.dueAt,
      project: fallProject.name,
      projectEn: fallProject.nameEn,
    })
    .from(sysNotification)
    .innerJoin(sysUser, eq(sysUser.id, sysNotification.userId))
    .innerJoin(fallOrder, eq(fallOrder.id, sysNotification.orderId))
    .innerJoin(fallProject, eq(fallProject.id, fallOrder.projectId))
    .where(and(eq(sysNotification.mailStatus, 'pending'), lte(sysNotification.mailNextAt, now)))
    .orderBy(asc(sysNotification.mailNextAt), asc(sysNotification.id))
    .limit(BATCH);
  if (!due.length) return 0;
  const smtp = app.config.smtp;
  const hosts = parseOutboundHosts(await app.settings.get('security.outboundHosts'));
  let sent = 0;
  for (const n of due) {
    const attempts = n.attempts + 1;
    const [claimed] = await db
      .update(sysNotification)
      .set({ mailAttempts: attempts, mailNextAt: new Date(now.getTime() + CLAIM_MS) })
      .where(and(eq(sysNotification.id, n.id), eq(sysNotification.mailStatus, 'pending'), eq(sysNotification.mailAttempts, n.attempts)))
      .returning({ id: sysNotification.id });
    if (!claimed) continue;
    let status: 'sent' | 'pending' | 'failed' | 'none' = 'sent';
    let error = '';
    if (!n.email) status = 'none';
    else if (!smtp) [status, error] = ['none', serverText('notify.noSmtp')];
    else if (!hostAllowed(smtp.host, smtp.port, hosts)) [status, error] = ['failed', serverText('notify.refused', { host: `${smtp.host}:${smtp.port}` })];
    else {
      const cn = textOf(n, 'cn');
      const en = textOf(n, 'en');
      try {
        await sendMail(smtp, { to: n.email, subject: `${cn.subject} / ${en.subject}`, text: `${cn.body}\n\n${en.body}\n` });
        sent++;
      } catch (err) {
        status = attempts < MAIL_MAX_ATTEMPTS ? 'pending' : 'failed';
        error = String((err as Error)?.message ?? err).split('\n')[0].split(smtp.pass ?? '\u0000').join('***').slice(0, 300);
      }
    }
    await db
      .update(sysNotification)
      .set({ mailStatus: status, mailError: error, ...(status === 'pending' ? { mailNextAt: new Date(now.getTime() + RETRY_MS * attempts) } : {}) })
      .where(eq(sysNotification.id, n.id));
    if (status === 'failed' || status === 'pending') app.log.warn({ notification: n.id, status, error: renderText(error, 'en') }, 'assignment e-mail not sent');
  }
  return sent;
}
