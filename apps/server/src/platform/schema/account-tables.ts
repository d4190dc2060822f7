import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './column-types.ts';

/** Tables of the account module (migrations/0006_account_security.ts). */

export interface NotificationPreferencesTable {
  customer_id: string;
  /** Subsets of payin | payout | subscription. */
  for_email: ColumnType<string[], string[], string[]>;
  for_sms: ColumnType<string[], string[], string[]>;
  /** Web push (migration 0050); none until the customer turns push on for a device. */
  for_push: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: DefaultTimestamp;
}

export interface AccountDeletionCodesTable {
  id: Generated<number>;
  customer_id: string;
  /** Salted sha256 of the 4-digit code. */
  code_hash: string;
  channel: 'sms' | 'email';
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultTimestamp;
}

/** Per token subject: access tokens issued before `valid_after` are refused (migration 0040). */
export interface AccessValidAfterTable {
  subject: string;
  valid_after: Timestamp;
  /** Why it last moved: 'password_changed', 'mfa_changed', 'staff_disabled', 'signed_out_everywhere', … */
  reason: string;
  updated_at: DefaultTimestamp;
  /**
   * Moved up by every revocation (migration 0100, ADR 51): the built-in provider's artefacts and
   * access tokens of a lower generation are refused.
   */
  generation: Generated<number>;
}

/**
 * A session signed out by itself (migration 0107, ADR 64): the built-in provider's access
 * tokens of that session (`sid`) are refused from then on.
 */
export interface AccessEndedSessionsTable {
  subject: string;
  session_id: string;
  ended_at: DefaultTimestamp;
}

export interface AccountTables {
  notification_preferences: NotificationPreferencesTable;
  account_deletion_codes: AccountDeletionCodesTable;
  access_valid_after: AccessValidAfterTable;
  access_ended_sessions: AccessEndedSessionsTable;
}
