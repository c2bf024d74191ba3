import type { FastifyInstance } from 'fastify';
import { LOGIN_ACCOUNT_FACTOR, LOGIN_BACKOFF_BASE_SECONDS, LOGIN_BACKOFF_CAP_SECONDS } from '@shared/constants';

/** The row that counts an account's wrong passwords from every address together. */
const WHOLE_ACCOUNT = '*';

export interface GuardVerdict {
  /** Whether this password may be checked now. */
  allowed: boolean;
  /** When not: seconds until this account may be tried again from this address. */
  retryAfterSeconds: number;
}

async function guardSettings(app: FastifyInstance) {
  const [threshold, windowMinutes] = await Promise.all([
    app.settings.get('security.lockThreshold'),
    app.settings.get('security.lockWindowMinutes'),
  ]);
  const windowSeconds = Math.max(60, Math.round(windowMinutes * 60));
  // The wait stays shorter than the window failures are remembered in: waiting it out never wipes the count.
  const capSeconds = Math.max(1, Math.min(LOGIN_BACKOFF_CAP_SECONDS, Math.floor(windowSeconds / 2)));
  const baseSeconds = Math.min(LOGIN_BACKOFF_BASE_SECONDS, capSeconds);
  return { threshold: Math.max(1, Math.round(threshold)), windowSeconds, capSeconds, baseSeconds };
}

/**
 * Takes one password check for an account from an address, before the password is checked.
 *
 * The attempt is counted as a failure in the same statement that decides whether it may go on
 * (forgiven by `forgiveAttempts` when the password is right), so guesses sent at once queue on
 * the row and each sees the ones before it: no more than the threshold are ever checked. Past the
 * threshold the pair waits 30 s, doubled with each further failure up to 5 minutes; failures are
 * forgotten after a window without one.
 *
 * Nothing here locks an account. The pair is the guesser's own address; once the account as a
 * whole has had many wrong passwords (threshold × LOGIN_ACCOUNT_FACTOR in the window), every
 * address, a new one too, gets one check before its back-off starts: guessing from many addresses
 * slows down, and the owner still gets their try from anywhere.
 */
export async function takeAttempt(app: FastifyInstance, userId: number, ip: string): Promise<GuardVerdict> {
  const { threshold, windowSeconds, capSeconds, baseSeconds } = await guardSettings(app);
  const account = await app.database.query<{ failures: number }>(
    `SELECT failures FROM sys_login_guard WHERE user_id = $1 AND ip = $2 AND last_failed_at > now() - $3::float8 * interval '1 second'`,
    [userId, WHOLE_ACCOUNT, windowSeconds],
  );
  const accountFailures = Number(account[0]?.failures ?? 0);
  const pairThreshold = accountFailures >= threshold * LOGIN_ACCOUNT_FACTOR ? 1 : threshold;
  const rows = await app.database.query<{ allowed: boolean; wait: number }>(
    `INSERT INTO sys_login_guard AS g (user_id, ip, failures, last_failed_at, blocked_until, allowed)
     VALUES ($1, $2, 1, now(), CASE WHEN 1 >= $3::int THEN now() + $6::float8 * interval '1 second' END, true)
     ON CONFLICT (user_id, ip) DO UPDATE SET
       allowed = NOT (g.last_failed_at > now() - $4::float8 * interval '1 second' AND COALESCE(g.blocked_until, '-infinity') > now()),
       failures = CASE
         WHEN g.last_failed_at <= now() - $4::float8 * interval '1 second' THEN 1
         WHEN COALESCE(g.blocked_until, '-infinity') > now() THEN g.failures
         ELSE g.failures + 1 END,
       blocked_until = CASE
         WHEN g.last_failed_at <= now() - $4::float8 * interval '1 second' THEN
           CASE WHEN 1 >= $3::int THEN now() + $6::float8 * interval '1 second' END
         WHEN COALESCE(g.blocked_until, '-infinity') > now() THEN g.blocked_until
         WHEN g.failures + 1 >= $3::int
           THEN now() + LEAST($5::float8, $6::float8 * power(2, LEAST(g.failures + 1 - $3::int, 30))) * interval '1 second'
         END,
       last_failed_at = CASE
         WHEN g.last_failed_at > now() - $4::float8 * interval '1 second' AND COALESCE(g.blocked_until, '-infinity') > now() THEN g.last_failed_at
         ELSE now() END
     RETURNING allowed, GREATEST(1, ceil(extract(epoch FROM blocked_until - now())))::int AS wait`,
    [userId, ip, pairThreshold, windowSeconds, capSeconds, baseSeconds],
  );
  const row = rows[0];
  return { allowed: row.allowed, retryAfterSeconds: row.allowed ? 0 : Number(row.wait) };
}

/** A wrong password: counted for the account as a whole as well (the pair counted it in `takeAttempt`). */
export async function countAccountFailure(app: FastifyInstance, userId: number): Promise<void> {
  const { windowSeconds } = await guardSettings(app);
  await app.database.query(
    `INSERT INTO sys_login_guard AS g (user_id, ip, failures, last_failed_at) VALUES ($1, $2, 1, now())
     ON CONFLICT (user_id, ip) DO UPDATE SET
       failures = CASE WHEN g.last_failed_at <= now() - $3::float8 * interval '1 second' THEN 1 ELSE g.failures + 1 END,
       last_failed_at = now()`,
    [userId, WHOLE_ACCOUNT, windowSeconds],
  );
}

/** The right password: this address starts afresh for this account. */
export async function forgiveAttempts(app: FastifyInstance, userId: number, ip: string): Promise<void> {
  await app.database.query(`DELETE FROM sys_login_guard WHERE user_id = $1 AND ip = $2`, [userId, ip]);
}

/** Rows no failure has touched within the window are forgotten anyway; the hourly cleanup drops them. */
export async function purgeGuards(app: FastifyInstance): Promise<number> {
  const { windowSeconds } = await guardSettings(app);
  const rows = await app.database.query<{ user_id: number }>(
    `DELETE FROM sys_login_guard WHERE last_failed_at < now() - $1::float8 * interval '1 second'
        AND (blocked_until IS NULL OR blocked_until < now()) RETURNING user_id`,
    [windowSeconds],
  );
  return rows.length;
}
