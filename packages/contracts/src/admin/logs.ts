import { z } from 'zod';
import { adminMessages, customerId, epochMs, page, pageSize } from './shared.ts';

const filterPattern = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().max(200, 'filterPattern is at most 200 characters'))
  .optional();

export const logsQuery = z.object({
  filterPattern,
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  limit: z.coerce
    .number<number | string>({ error: 'limit must be 1 to 100' })
    .int('limit must be 1 to 100')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(10)
    .meta({ type: 'integer', minimum: 1, maximum: 100 }),
  /** Opaque: pass back the previous answer's nextToken for the following (older) events. */
  nextToken: z.string().max(500, adminMessages.invalidNextToken).optional(),
});
export type LogsQuery = z.input<typeof logsQuery>;

export const logEvent = z.object({
  /** Epoch ms. */
  timestamp: z.number(),
  logStreamName: z.string(),
  message: z.string(),
});
export type LogEvent = z.infer<typeof logEvent>;
/** Newest first; nextToken is null when there is nothing older. */
export const logsPage = z.object({ events: z.array(logEvent), nextToken: z.string().nullable() });
export type LogsPage = z.infer<typeof logsPage>;

export const userLogsParams = z.object({ userId: customerId });
export const userLogsQuery = z.object({
  filterPattern,
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  page,
  limit: pageSize,
});
export type UserLogsQuery = z.input<typeof userLogsQuery>;

export const locationInfo = z.object({
  city_name: z.string().nullable(),
  country_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const userLogRow = z.object({
  user_id: z.string(),
  ip: z.string().nullable(),
  user_name: z.string().nullable(),
  /** ISO 8601. */
  date: z.string(),
  user_agent: z.string().nullable(),
  /** Null when no GeoIP database is configured or the address is private/unknown (UI shows '-'). */
  location_info: locationInfo.nullable(),
  success: z.boolean(),
  /** Why a sign-in failed ('password', 'locked', ...); null on success. */
  reason: z.string().nullable(),
});
export type UserLogRow = z.infer<typeof userLogRow>;
export const userLogsPage = z.object({ logs: z.array(userLogRow), total: z.number() });
export type UserLogsPage = z.infer<typeof userLogsPage>;
