import { CHANNEL_COUNT } from '@shared/contracts/detect';
import type { Database } from '../../../db/client';
import { hashToken } from '../../../lib/password';

/**
 * Boards for tests and the fleet bench: `count` boards numbered `${prefix}0001`… in one project, each
 * with nine channels (range 0–100) and the same report key `key`. Returns their ids in number order.
 */
export async function seedBoards(database: Database, projectId: number, count: number, opts: { prefix?: string; key?: string; pollSeconds?: number } = {}): Promise<{ id: number; boardNo: string }[]> {
  const prefix = opts.prefix ?? 'B';
  const hash = opts.key ? hashToken(opts.key) : '';
  const boards = await database.query<{ id: number; boardNo: string }>(
    `INSERT INTO fall_detect (project_id, board_name, board_no, board_key_hash, poll_seconds)
     SELECT $1, 'Board ' || n, $2 || lpad(n::text, 4, '0'), $3, $5 FROM generate_series(1, $4::int) AS n
     RETURNING id, board_no AS "boardNo"`,
    [projectId, prefix, hash, count, opts.pollSeconds ?? 5],
  );
  await database.query(
    `INSERT INTO fall_detect_channel (detect_id, ch) SELECT d, c FROM unnest($1::int[]) AS d, generate_series(1, ${CHANNEL_COUNT}) AS c`,
    [boards.map((b) => b.id)],
  );
  return boards.map((b) => ({ id: Number(b.id), boardNo: b.boardNo })).sort((a, b) => a.boardNo.localeCompare(b.boardNo));
}

/** A board's nine channels, all normal, each reading `analog`. */
export const nineChannels = (analog: number) => Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ ch: i + 1, switch: 0 as 0 | 1, analog }));
