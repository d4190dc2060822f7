import type { ColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a database default (optional on insert). */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
