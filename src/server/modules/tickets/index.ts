import type { AppInstance } from '../../app-instance';
import { envelopeOf } from '@shared/contracts/common';
import { ticketRequestSchema, ticketSchema } from '@shared/contracts/ticket';
import { ok } from '../../lib/crud';
import { issueTicket } from '../../lib/tickets';

/**
 * POST /auth/ticket: a ticket for a URL the browser loads by itself (an event stream, a download
 * link), asked for with the session header so the token itself never goes in a URL. Any session
 * may ask (users, wall displays, visitors); the route the ticket opens still checks its rights.
 */
export async function ticketsModule(app: AppInstance): Promise<void> {
  app.post('/auth/ticket', { schema: { body: ticketRequestSchema, response: { 200: envelopeOf(ticketSchema) } }, config: { permission: 'session', log: false } }, async (request) => {
    const body = request.body;
    const target = body.purpose === 'download' ? String(body.fileId) : '';
    return ok(await issueTicket(app.database, request.auth!.sessionId, body.purpose, target));
  });
}
