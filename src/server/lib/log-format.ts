import { build as pinoPretty } from 'pino-pretty';

/** What a request's log entry holds (app.ts logs one when its answer is sent). */
interface RequestEntry {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * One entry's message in the readable format: a request as `GET /api/sys/user/info 200 12 ms`
 * (its URL as the log's serializer wrote it, credentials masked), its arrival (LOG_LEVEL=trace) as
 * `GET /api/live/stream (arrived)`, anything else as its message.
 */
export function readableMessage(log: RequestEntry): string {
  if (log.req?.method && log.res?.statusCode !== undefined) {
    const ms = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
    return `${log.req.method} ${log.req.url ?? ''} ${log.res.statusCode}${ms}`;
  }
  if (log.req?.method) return `${log.req.method} ${log.req.url ?? ''} (arrived)`;
  return log.msg ?? '';
}

/**
 * The log as a newcomer reads it (LOG_FORMAT=pretty, config.ts): a line an entry with its local
 * time, level and message, the entry's other fields after it on the same line; colours on a terminal.
 */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): NodeJS.WritableStream {
  return pinoPretty({
    colorize: Boolean((destination as { isTTY?: boolean }).isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log) => readableMessage(log as RequestEntry),
    destination: destination as never,
    sync: true,
  });
}
