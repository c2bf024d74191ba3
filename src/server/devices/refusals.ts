import type { FastifyInstance } from 'fastify';
import type { RefusalReason } from '@shared/contracts/detect';

/** A board's refusal is written at most this often while its reason stays the same (a flood costs no query per message). */
const RECORD_EVERY_MS = 60_000;
const recorded = new WeakMap<FastifyInstance, Map<number, { reason: RefusalReason; at: number }>>();

/**
 * Records on the board why its report was refused (fall_detect.refused_*), for the detection boards
 * screen: the reason, when, and since when the same reason repeats with no accepted reading between
 * ("wrong key since …"). Written at once when the reason changes, else once a minute per board and
 * instance; never awaited by the caller (a refusal must not wait on the database).
 */
export function recordRefusal(app: FastifyInstance, boardId: number, reason: RefusalReason): void {
  let boards = recorded.get(app);
  if (!boards) recorded.set(app, (boards = new Map()));
  const last = boards.get(boardId);
  const now = Date.now();
  if (last && last.reason === reason && now - last.at < RECORD_EVERY_MS) return;
  boards.set(boardId, { reason, at: now });
  app.database
    .query(
      // "since" carries on while the reason is the same and nothing was accepted after the last refusal.
      `UPDATE fall_detect SET refused_reason = $2::varchar, refused_at = now(),
              refused_since = CASE WHEN refused_reason = $2::varchar AND refused_since IS NOT NULL AND (last_seen IS NULL OR last_seen <= refused_at)
                                   THEN refused_since ELSE now() END
        WHERE id = $1`,
      [boardId, reason],
    )
    .catch((err: Error) => app.log.warn({ board: boardId, err: err.message }, 'board refusal not recorded'));
}

/**
 * Refusals in the log at a bounded rate: one line at most every `everyMs`, carrying how many were
 * left out since the line before (the counters say the rest). An anonymous flood writes a line every
 * ten seconds, not one per message.
 */
export class RefusalLog {
  private lastAt = 0;
  private left = 0;
  constructor(
    private readonly app: FastifyInstance,
    private readonly message: string,
    private readonly everyMs = 10_000,
  ) {}

  note(fields: Record<string, unknown>): void {
    const now = Date.now();
    if (now - this.lastAt < this.everyMs) {
      this.left += 1;
      return;
    }
    this.app.log.warn({ ...fields, ...(this.left ? { leftOut: this.left } : {}) }, this.message);
    this.lastAt = now;
    this.left = 0;
  }
}
