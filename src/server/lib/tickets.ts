import { CODE, MAX_TICKETS_PER_SESSION, TICKET_TTL_MS } from '@shared/constants';
import type { Ticket, TicketPurpose } from '@shared/contracts/ticket';
import type { Database } from '../db/client';
import { ApiError } from './errors';
import { hashToken, newToken } from './password';

/**
 * Issues a ticket for a session: 32 random bytes, only their SHA-256 stored, valid TICKET_TTL_MS.
 * Expired tickets are swept here, so the table holds about a minute of tickets; a session holding
 * MAX_TICKETS_PER_SESSION unexpired ones gets 429.
 */
export async function issueTicket(database: Database, sessionId: number, purpose: TicketPurpose, target = ''): Promise<Ticket> {
  const { token, hash } = newToken();
  const expiresAt = Date.now() + TICKET_TTL_MS;
  await database.query('DELETE FROM sys_ticket WHERE expires_at < now()');
  const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_ticket WHERE session_id = $1', [sessionId]);
  if (n >= MAX_TICKETS_PER_SESSION) throw new ApiError(CODE.tooMany, 'err.tooMany');
  await database.query(
    'INSERT INTO sys_ticket (ticket_hash, session_id, purpose, target, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hash, sessionId, purpose, target, new Date(expiresAt)],
  );
  return { ticket: token, expiresAt };
}

/**
 * The session a ticket was issued to, if it is valid for this purpose and target, else null.
 *  - stream tickets may be used again until they expire: EventSource reconnects by itself to the
 *    same URL after a dropped connection, and a stream only tells which topics changed (the data
 *    is read through header-authenticated calls); the per-session stream limit bounds a replay.
 *  - download tickets are spent by their first use, in one statement, so two instances cannot
 *    both accept it.
 */
export async function redeemTicket(database: Database, ticket: string, purpose: TicketPurpose, target = ''): Promise<number | null> {
  const hash = hashToken(ticket);
  const rows =
    purpose === 'stream'
      ? await database.query<{ session_id: number }>(
          `SELECT session_id FROM sys_ticket WHERE ticket_hash = $1 AND purpose = 'stream' AND expires_at > now()`,
          [hash],
        )
      : await database.query<{ session_id: number }>(
          `UPDATE sys_ticket SET used_at = now()
            WHERE ticket_hash = $1 AND purpose = $2 AND target = $3 AND used_at IS NULL AND expires_at > now()
            RETURNING session_id`,
          [hash, purpose, target],
        );
  return rows[0]?.session_id ?? null;
}
