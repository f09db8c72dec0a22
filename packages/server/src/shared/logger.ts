/**
 * Logs a person can read: one JSON object a line for log collectors, one
 * readable line per event on a terminal. Either way the redaction of log-redaction.ts applies:
 * pino redacts and serializes before anything is formatted.
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config';

export function wantsPrettyLogs(
  format: Config['LOG_FORMAT'],
  isTerminal = process.stdout.isTTY === true,
): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/** Fastify's logger options for this configuration; `destination` is for tests (default stdout). */
export async function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  options: { isTerminal?: boolean; destination?: Writable } = {},
): Promise<FastifyServerOptions['logger']> {
  const level = config.LOG_LEVEL;
  const pretty = wantsPrettyLogs(config.LOG_FORMAT, options.isTerminal);
  if (!pretty || level === 'silent') {
    return options.destination ? { level, stream: options.destination } : { level };
  }
  // Loaded only when used: a production process never needs the formatter in memory.
  const { default: pinoPretty } = await import('pino-pretty');
  const stream = pinoPretty({
    colorize: options.destination ? false : process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: requestLine,
    ...(options.destination ? { destination: options.destination } : {}),
    sync: true,
  });
  return { level, stream };
}

interface LogLine {
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** "req-7 GET /api/health incoming request", "req-7 200 in 3 ms request completed". */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const { reqId, req, res, responseTime } = log as LogLine;
  const parts = [
    reqId,
    req?.method && `${req.method} ${req.url ?? ''}`,
    res?.statusCode,
    typeof responseTime === 'number' && `in ${Math.round(responseTime)} ms`,
    log[messageKey],
  ];
  return parts.filter((part) => part !== undefined && part !== false && part !== '').join(' ');
}

/** What `listen` logs for each address: the loopback one as localhost, which a browser opens. */
export function listeningText(address: string): string {
  const url = address
    .replace('://127.0.0.1:', '://localhost:')
    .replace('://[::1]:', '://localhost:');
  return `Sealdrop listening on ${url}`;
}
