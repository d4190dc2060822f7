import { adminMessages, type LogsPage } from '@pria/contracts';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { type LogKey, listLogEvents } from './logs.repo.ts';

export interface ListLogsQuery {
  filterPattern?: string;
  startTime?: number;
  endTime?: number;
  limit: number;
  nextToken?: string;
}

/** The continuation token: base64url of the last row's key. Opaque to the browser. */
export function encodeLogToken(key: LogKey): string {
  return Buffer.from(JSON.stringify([key.at, key.source, key.id])).toString('base64url');
}

export function decodeLogToken(token: string): LogKey {
  try {
    const [at, source, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) &&
      (source === 0 || source === 1) &&
      Number.isSafeInteger(id)
    ) {
      return { at, source, id: id as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw invalid(adminMessages.invalidNextToken);
}

/** The Logs screen: newest first, `limit` at a time, 'Show More' with nextToken. */
export async function listLogs(db: Db, q: ListLogsQuery): Promise<LogsPage> {
  if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) {
    throw invalid('startTime must be before endTime');
  }
  const after = q.nextToken ? decodeLogToken(q.nextToken) : undefined;
  // One extra row says whether there is a next page without a second query.
  const rows = await listLogEvents(db, {
    pattern: q.filterPattern || undefined,
    start: q.startTime === undefined ? undefined : new Date(q.startTime),
    end: q.endTime === undefined ? undefined : new Date(q.endTime),
    after,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    events: page.map((r) => ({ timestamp: r.at_ms, logStreamName: r.stream, message: r.message })),
    nextToken:
      rows.length > q.limit && last
        ? encodeLogToken({ at: last.at_key, source: last.source, id: last.id })
        : null,
  };
}
