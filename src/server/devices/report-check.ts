import type { FastifyInstance } from 'fastify';
import { boardReportSchema, signedReadingSchema, type BoardReport, type RefusalReason, type SignedReading } from '@shared/contracts/detect';
import { signatureMatches } from './signing';

/** A board as the checks need it: its id and the SHA-256 of its report key ('' when none was issued). */
export interface BoardRef {
  id: number;
  keyHash: string;
}

/** Why a report is refused: the board's own fault (RefusalReason, shown to operators on the board), or one naming no board. */
export type CheckRefusal = RefusalReason | 'payload' | 'board';

export type Opened =
  | { ok: true; report: BoardReport; reading: SignedReading }
  /** `fields`: each refused field and its message key (the body's own fields as `body.<path>`). */
  | { ok: false; reason: 'payload' | 'unsigned'; detail: string; fields: Record<string, string> };

type Issues = { issues: { path: PropertyKey[]; message: string }[] };
const fieldsOf = (error: Issues, under = '') => Object.fromEntries(error.issues.map((i) => [[under, ...i.path.map(String)].filter(Boolean).join('.') || under || 'body', i.message]));
const refused = (reason: 'payload' | 'unsigned', fields: Record<string, string>) => ({
  ok: false as const,
  reason,
  fields,
  detail: Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; '),
});

/**
 * Opens a report envelope ({body, sig}) and its signed body, without trusting either yet. A body in
 * the old form (the board key in the message, `{"key": …}`) is told apart as 'unsigned': a board
 * still on old firmware is shown as such to operators instead of merely looking silent.
 */
export function openReport(envelope: unknown): Opened {
  if (envelope && typeof envelope === 'object' && !Array.isArray(envelope) && 'key' in envelope) return refused('unsigned', { key: 'v.invalid' });
  const outer = boardReportSchema.safeParse(envelope);
  if (!outer.success) return refused('payload', fieldsOf(outer.error));
  let inner: unknown;
  try {
    inner = JSON.parse(outer.data.body);
  } catch {
    return refused('payload', { body: 'v.invalid' });
  }
  const reading = signedReadingSchema.safeParse(inner);
  if (!reading.success) return refused('payload', fieldsOf(reading.error, 'body'));
  return { ok: true, report: outer.data, reading: reading.data };
}

/** The signature and the reading time: null when the report may be applied, else why not. */
export function checkSignature(board: BoardRef, report: BoardReport, reading: SignedReading, skewMs: number, now = Date.now()): RefusalReason | null {
  if (!board.keyHash) return 'noKey';
  if (!signatureMatches(board.keyHash, report.body, report.sig)) return 'signature';
  // Checked after the signature: only a genuine reading tells anything about the board's clock.
  if (reading.at < now - skewMs) return 'stale';
  if (reading.at > now + skewMs) return 'future';
  return null;
}

/** detect.clockSkewSeconds in ms (at least one second). */
export async function clockSkewMs(app: FastifyInstance): Promise<number> {
  return Math.max(1, await app.settings.get('detect.clockSkewSeconds')) * 1000;
}
