import type { FastifyInstance } from 'fastify';
import { and, asc, ne, sql } from 'drizzle-orm';
import { CHANNEL_COUNT, type ChannelReading } from '@shared/contracts/detect';
import { fallDetect } from '../../../db/schema';
import type { ReadingOutcome } from './readings';
import { notArchived } from '../../../lib/archive';
import { onFirstUse } from '../../../lib/first-use';

/**
 * Analog values travel as 16-bit input registers in tenths (a register of 523 is 52.3), so one
 * decimal survives the integer protocol. The simulator writes them the same way.
 */
export const ANALOG_SCALE = 10;
const POLL_TIMEOUT_MS = 3000;
/** Boards polled at once by one sweep: a slow board must not hold up the rest. */
const POLL_CONCURRENCY = 4;

/** The Modbus client, loaded on the first poll: a demo server or one with no board addresses never polls. */
const loadModbus = onFirstUse(() => import('modbus-serial').then((m) => m.default));

export interface PollTarget {
  ip: string;
  port: number;
  slave: number;
}

/** Reads CH1–CH9 of one board: discrete inputs 0–8 are the switches, input registers 0–8 the analog values. */
export async function pollBoard(board: PollTarget, timeoutMs = POLL_TIMEOUT_MS): Promise<ChannelReading[]> {
  const ModbusRTU = await loadModbus();
  const client = new ModbusRTU();
  try {
    await client.connectTCP(board.ip, { port: board.port });
    client.setID(board.slave);
    client.setTimeout(timeoutMs);
    const inputs = await client.readDiscreteInputs(0, CHANNEL_COUNT);
    const registers = await client.readInputRegisters(0, CHANNEL_COUNT);
    return Array.from({ length: CHANNEL_COUNT }, (_, i) => ({
      ch: i + 1,
      switch: inputs.data[i] ? 1 : 0,
      analog: registers.data[i] / ANALOG_SCALE,
    }));
  } finally {
    // close() only calls back for an open port; a refused connection has nothing to close.
    if (client.isOpen) await new Promise<void>((resolve) => client.close(() => resolve()));
    else client.destroy(() => undefined);
  }
}

/**
 * One sweep of the poll job: every board with an address whose poll period has passed is read and
 * its reading applied. A board that does not answer is left alone; checkOffline raises it later.
 */
export async function pollDueBoards(app: FastifyInstance): Promise<{ polled: number; failed: number; outcomes: ReadingOutcome[] }> {
  const due = await app.database.db
    .select({ id: fallDetect.id, ip: fallDetect.ip, port: fallDetect.port, slave: fallDetect.slave })
    .from(fallDetect)
    .where(
      and(
        ne(fallDetect.ip, ''),
        notArchived(fallDetect),
        sql`(${fallDetect.lastSeen} IS NULL OR ${fallDetect.lastSeen} <= now() - make_interval(secs => ${fallDetect.pollSeconds}))`,
      ),
    )
    .orderBy(asc(fallDetect.lastSeen));
  let failed = 0;
  const outcomes: ReadingOutcome[] = [];
  // Boards are read a few at a time; their readings join the ingest's batches without waiting for each other.
  const applied: Promise<void>[] = [];
  const fail = (board: number, err: unknown) => {
    failed += 1;
    app.log.warn({ board, err: (err as Error).message }, 'board poll failed');
  };
  for (let i = 0; i < due.length; i += POLL_CONCURRENCY) {
    await Promise.all(
      due.slice(i, i + POLL_CONCURRENCY).map(async (board) => {
        try {
          const reading = await pollBoard(board);
          applied.push(app.readings.submit(board.id, reading, 'modbus').then((o) => void outcomes.push(o), (err) => fail(board.id, err)));
        } catch (err) {
          fail(board.id, err);
        }
      }),
    );
  }
  await Promise.all(applied);
  return { polled: due.length - failed, failed, outcomes };
}
