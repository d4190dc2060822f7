import type { ColumnType } from 'kysely';
import type { DefaultTimestamp } from './column-types.ts';

/** Tables of issue 32 ("Pria in the pocket"): web push (migration 0050), data exports (0051), consents (0052). */

export interface PushSubscriptionsTable {
  id: ColumnType<string, string | undefined, never>;
  customer_id: string;
  /** The push service's URL for this device (allowed hosts only: config `webPush.allowedHosts`). */
  endpoint: string;
  /** The device's P-256 public key and auth secret (base64url), which messages are encrypted to. */
  p256dh: string;
  auth: string;
  /** The device's English name ("Chrome on Android"), as it was named when push was turned on. */
  device: string;
  /** Its User-Agent then (at most 512 characters; migration 0111): named in the reader's language. */
  user_agent: string | null;
  created_at: DefaultTimestamp;
  last_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The VAPID key pair generated outside production when the configuration has none (one row, id 'vapid'). */
export interface WebPushKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: DefaultTimestamp;
}

export type DataExportStatus = 'queued' | 'preparing' | 'ready' | 'downloaded' | 'expired' | 'failed';

type NullableTime = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** "Download my data": queued -> preparing -> ready -> downloaded | expired; failed after repeated errors. */
export interface DataExportRequestsTable {
  id: ColumnType<string, string | undefined, never>;
  customer_id: string;
  status: ColumnType<DataExportStatus, DataExportStatus | undefined, DataExportStatus>;
  progress: ColumnType<number, number | undefined, number>;
  requested_at: DefaultTimestamp;
  requested_ip: string | null;
  started_at: NullableTime;
  lease_until: NullableTime;
  attempts: ColumnType<number, number | undefined, number>;
  ready_at: NullableTime;
  expires_at: NullableTime;
  downloaded_at: NullableTime;
  /** SHA-256 (hex) of the single-use download token; the token itself is only in the email. */
  token_hash: string | null;
  file: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  file_bytes: number | null;
  error: string | null;
}

/** Append-only (trigger): what a customer agreed to, which version, when and from where. */
export interface ConsentRecordsTable {
  id: ColumnType<number, never, never>;
  issuer: string;
  subject: string;
  customer_id: string | null;
  document: 'terms' | 'privacy' | 'recurring';
  version: string;
  context: 'sign-up' | 'checkout' | 'card' | 'update';
  card_id: string | null;
  subscription_id: string | null;
  accepted_at: DefaultTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** The language of the version accepted (migration 0110). */
  language: ColumnType<'en' | 'es', 'en' | 'es' | undefined, never>;
}

export interface PocketTables {
  push_subscriptions: PushSubscriptionsTable;
  web_push_keys: WebPushKeysTable;
  data_export_requests: DataExportRequestsTable;
  consent_records: ConsentRecordsTable;
}
