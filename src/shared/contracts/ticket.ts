import { z } from 'zod';
import { idSchema } from './common';

/**
 * POST {api}/auth/ticket (header-authenticated): a short-lived ticket for a URL that cannot carry
 * the Authorization header, so the session token never appears in a URL (logs, history and Referer keep URLs).
 *   stream    GET {api}/live/stream?ticket=…              reusable until it expires (EventSource reconnects)
 *   download  GET {api}/oss/file/{download|thumb}/{id}?ticket=…  one use, that one file
 */
export const ticketRequestSchema = z.discriminatedUnion('purpose', [
  z.strictObject({ purpose: z.literal('stream') }),
  z.strictObject({ purpose: z.literal('download'), fileId: idSchema() }),
]);
export type TicketRequest = z.infer<typeof ticketRequestSchema>;
export type TicketPurpose = TicketRequest['purpose'];

export const ticketSchema = z.object({
  ticket: z.string(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
});
export type Ticket = z.output<typeof ticketSchema>;
