import type { ColumnType, Generated } from 'kysely';
import type { AccountTables } from './schema/account-tables.ts';
import type { CardTables } from './schema/cards-tables.ts';
import type { DefaultTimestamp, Timestamp } from './schema/column-types.ts';
import type { IdpTables } from './schema/idp-tables.ts';
import type { PocketTables } from './schema/pocket-tables.ts';

export type { DefaultTimestamp, Timestamp };

export interface CustomersTable {
  id: Generated<string>;
  issuer: string;
  subject: string;
  email: string | null;
  email_verified: Generated<boolean>;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  locality: string | null;
  administrative_area: string | null;
  country: Generated<string>;
  postal_code: string | null;
  onboarding_index: Generated<number>;
  /** The plan picked in onboarding's plan step, for its checkout (migration 0060). */
  selected_plan_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The identity is staff (support, finance, admin): not a client (migration 0062). */
  is_staff: Generated<boolean>;
  /** The language chosen for everything Pria says to this customer; null: never chosen (migration 0109). */
  language: ColumnType<'en' | 'es' | null, 'en' | 'es' | null | undefined, 'en' | 'es' | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Set when the customer deleted their account (personal data erased; migration 0006). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  kind: 'contact' | 'support' | 'feedback';
  customer_id: string | null;
  email: string | null;
  topic: string | null;
  message: string | null;
  star: number | null;
  created_at: DefaultTimestamp;
}

export interface MessageOutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  dedupe_key: string | null;
  /** pending -> sending (leased to one deliverer) -> sent | pending (retry) | failed (migration 0008). */
  status: Generated<MessageStatus>;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  last_error: string | null;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
  /** While `sending`: until when the deliverer that claimed the row owns it. */
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A push message's device (migration 0050); null once the device is removed (the row then fails). */
  push_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account the message was sent for (migration 0104): both or neither (the support inbox). */
  account_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  account_subject: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MessageStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface EventLogTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  stream: string;
  message: string;
  actor: string | null;
  data: unknown;
}

export interface PlansTable {
  id: string;
  name: string;
  price_cents: number;
  interval: 'month' | 'year';
  interval_count: number;
  tax_basis_points: number;
  sort_order: number;
  active: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export type SubscriptionStatus = 'pending_verification' | 'active' | 'inactive';

export interface SubscriptionsTable {
  id: Generated<string>;
  customer_id: string;
  plan_id: string;
  card_id: string | null;
  status: SubscriptionStatus;
  // Paused or not is asked of subscription_pauses, about an instant (modules/billing/pause-rule.ts):
  // the is_enabled flag went in migration 0092.
  expires_at: Timestamp | null;
  /** Cancelled online: no renewal; active until expires_at, resumable until then (migration 0020). */
  cancelled_at: Timestamp | null;
  /** Who cancelled: the customer's email, or a staff member's. */
  cancelled_by: string | null;
  /** The plan the next renewal charges and starts, when the customer changed plan (ADR 40); null: the same plan. */
  next_plan_id: Generated<string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type AttemptStatus =
  | 'created'
  | 'submitted'
  | 'captured'
  | 'declined'
  | 'unknown'
  | 'requires_authentication'
  /** The period's window closed before Pria could send it (ours, not the issuer's); migration 0015. */
  | 'missed';

export interface PaymentAttemptsTable {
  id: Generated<string>;
  reference: string;
  kind: 'payin' | 'subscription';
  period: string;
  customer_id: string;
  card_id: string;
  subscription_id: string | null;
  plan_id: string | null;
  /** A plan charge whose refund ended its plan (migration 0077): it no longer holds its period. */
  plan_ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  billing_run_id: string | null;
  amount_cents: number;
  description: string;
  status: Generated<AttemptStatus>;
  decline_reason: string | null;
  gateway_transaction_id: string | null;
  session_url: string | null;
  is_verified: Generated<boolean>;
  verified_at: Timestamp | null;
  verified_by: string | null;
  instrument_id: string | null;
  initiator: Generated<'customer' | 'merchant'>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** When it was due (a pay-in: its month's 28th 16:00 New York), by the engine's clock (migration 0036). */
  due_at: Timestamp;
  /** When it was last sent to the processor; null while never sent (created, missed). */
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When its outcome was known (captured, declined, missed). */
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type RunKind = 'payin' | 'payout' | 'subscriptions';

export type RunStatus = 'running' | 'completed';

export interface BillingRunsTable {
  id: Generated<string>;
  kind: RunKind;
  period: string;
  status: RunStatus;
  as_of: Timestamp;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  forced_count: Generated<number>;
  /** Pay-in: attempts recorded `missed` (counted when the run completes). */
  missed: Generated<number>;
  /** Pay-in: subscriptions whose renewal (due before the pay-in instant) is not settled yet. */
  waiting: Generated<number>;
  /** Pay-in: when the window (until the period's pay-back instant) was closed; missed written then. */
  window_closed_at: Timestamp | null;
  /** When staff (or the CLI) last forced this run. */
  forced_at: Timestamp | null;
  started_by: string;
  started_at: DefaultTimestamp;
  finished_at: Timestamp | null;
}

/** Which drain is looking a money row in doubt up now (migration 0083, ADR 43). */
export interface InDoubtLeasesTable {
  row_id: string;
  leased_until: Timestamp;
}

/**
 * The rate limits' counters (migration 0102, ADR 53), written by rate-limiter-flexible's
 * PostgreSQL store: `key` is `<route>:ip:<address>` or `<route>:account:<subject>` (a digest of
 * an over-long address or subject), `expire` the end of the window in ms since the epoch.
 */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface BillingChunksTable {
  run_id: string;
  seq: number;
  first_card: string;
  last_card: string;
  cards: number;
  due_at: Timestamp;
  as_of: Timestamp;
  taken_at: Timestamp | null;
  /** The cards a drain was about to charge when it took the chunk (migration 0027, ADR 17). */
  sent_cards: string[] | null;
  /** When every sent card had its attempt written (with its outcome, or `submitted` after a crash). */
  written_at: Timestamp | null;
}

/**
 * A payout run's to-do list: the captures it owes, a chunk at a time (migrations 0028, 0031; ADR
 * 17). `sent_attempts` and `sent_payouts` (same positions): what a drain that took it pays back,
 * and the payout id each gets.
 */
export interface PayoutChunksTable {
  run_id: string;
  seq: number;
  attempts: string[];
  payouts: number;
  taken_at: Timestamp | null;
  sent_attempts: string[] | null;
  sent_payouts: string[] | null;
  written_at: Timestamp | null;
}

/** `withheld`: its capture is disputed (migration 0021); released if Pria wins the dispute. */
export type PayoutStatus = 'pending' | 'submitted' | 'unknown' | 'paid' | 'failed' | 'returned' | 'withheld';

/** Monthly roll-ups of attempts and pay-backs, kept by triggers (migration 0026). */
export interface AttemptRollupsTable {
  kind: string;
  period: string;
  month: string;
  status: string;
  n: ColumnType<string, never, never>;
  cents: ColumnType<string, never, never>;
}

export interface PayoutRollupsTable {
  period: string;
  paid_month: string;
  status: string;
  n: ColumnType<string, never, never>;
  cents: ColumnType<string, never, never>;
}

export interface PayoutsTable {
  id: Generated<string>;
  attempt_id: string;
  customer_id: string;
  card_id: string;
  instrument_id: string;
  period: string;
  amount_cents: number;
  status: PayoutStatus;
  tries: Generated<number>;
  reference: string | null;
  billing_run_id: string | null;
  last_error: string | null;
  gateway_transaction_id: string | null;
  is_verified: Generated<boolean>;
  verified_at: Timestamp | null;
  verified_by: string | null;
  created_at: Timestamp;
  updated_at: DefaultTimestamp;
  paid_at: Timestamp | null;
  /** A failed pay-back is tried again from this instant (the tick's back-off). */
  next_try_at: Timestamp | null;
  /** Staff sent a returned pay-back to another card of the same customer. */
  paid_to_card_id: string | null;
  /** When it was due (the 2nd 16:00 after its month, or when its capture settled if later): migration 0036. */
  due_at: Timestamp;
  /** When its last try was sent, and when it ended (paid, returned, withheld), by the engine's clock. */
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** What one try of a pay-back came back with (`unknown` until the settle step finds out). */
export type PayoutTryOutcome = 'paid' | 'failed' | 'unknown' | 'returned';

export interface PayoutTriesTable {
  id: Generated<number>;
  payout_id: string;
  try_no: number;
  reference: string;
  billing_run_id: string | null;
  outcome: PayoutTryOutcome;
  reason: string | null;
  /** Where this try sent the money (null: the charged card's instrument). */
  instrument_id: string | null;
  created_at: DefaultTimestamp;
}

export type MoneyEventType =
  | 'charge.succeeded'
  | 'charge.declined'
  | 'charge.missed'
  | 'payout.sent'
  | 'payout.failed'
  | 'payout.returned'
  | 'subscription.started'
  | 'subscription.renewed'
  | 'subscription.failed'
  | 'refund.sent'
  | 'dispute.opened';

export interface MoneyEventsTable {
  id: Generated<number>;
  type: MoneyEventType;
  dedupe_key: string;
  customer_id: string;
  card_id: string | null;
  amount_cents: number;
  reason: string | null;
  /** Plan charges: the attempt, for the receipt number in the email (migration 0020). */
  attempt_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Refunds: the refund, for the refund receipt's number (migration 0021). */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  occurred_at: Timestamp;
  processed_at: Timestamp | null;
  /**
   * The customer wanted this email but their address was not verified yet: sent once it is
   * (migration 0065), then cleared.
   */
  email_withheld_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: DefaultTimestamp;
}

export type CustomerNoticeType =
  | 'renewal.reminder'
  | 'card.expiring'
  | 'funding_card.expiring'
  | 'subscription.cancelled'
  | 'subscription.resumed'
  | 'subscription.paused'
  | 'subscription.unpaused'
  | 'subscription.plan_changed'
  | SecurityNoticeType;

/**
 * When each pause of a subscription began and ended, by the engine's clock (migration 0035): the
 * one truth of "paused" (0092). A pause begins open,
 * ends once by resuming, never overlaps the previous one, never changes after (a trigger).
 */
export interface SubscriptionPausesTable {
  id: Generated<number>;
  subscription_id: string;
  paused_at: Timestamp;
  resumed_at: Timestamp | null;
  paused_by: string;
  resumed_by: string | null;
}

/** Security notices (migration 0022): sent by email always, and by SMS to customers who use SMS. */
export type SecurityNoticeType =
  | 'security.password_changed'
  | 'security.password_reset'
  | 'security.mfa_enabled'
  | 'security.passkey_added'
  | 'security.passkey_removed'
  | 'security.mfa_disabled'
  | 'security.recovery_code_used'
  | 'security.device_signed_out'
  | 'security.card_added'
  | 'security.card_removed'
  | 'security.funding_card_changed'
  | 'security.new_device_sign_in';

/** A notice sent to a customer, once: the unique dedupe key is written with its outbox rows. */
export interface CustomerNoticesTable {
  id: Generated<number>;
  type: CustomerNoticeType;
  dedupe_key: string;
  customer_id: string;
  subscription_id: string | null;
  card_id: string | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: DefaultTimestamp;
}

export interface NoticeSweepsTable {
  name: string;
  period: string;
  done_at: DefaultTimestamp;
}

/** A receipt per captured plan charge (and, later, refund): sequential numbers, by trigger. */
export interface ReceiptsTable {
  number: Generated<number>;
  attempt_id: string | null;
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  kind: 'charge' | 'refund';
  issued_at: DefaultTimestamp;
}

export type RefundStatus = 'submitted' | 'unknown' | 'refunded' | 'failed';

/** A refund of a captured plan charge (migration 0021): a money row, never deleted. */
export interface RefundsTable {
  id: Generated<string>;
  attempt_id: string;
  customer_id: string;
  card_id: string;
  amount_cents: number;
  mode: 'full' | 'prorated';
  reason: string;
  request_key: string;
  reference: string;
  status: RefundStatus;
  failure_reason: string | null;
  gateway_transaction_id: string | null;
  requested_by: string;
  /** What staff chose to tell the customer (migration 0034); the reason stays internal. */
  customer_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** When this refund ended the plan its charge paid for (migration 0034). */
  plan_ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When it was sent to the processor and when its outcome was known, by the engine's clock (migration 0036). */
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: DefaultTimestamp;
}

/** The first answer to a request with an Idempotency-Key (migration 0034). */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  fingerprint: string;
  response_status: number | null;
  response_body: unknown;
  created_at: DefaultTimestamp;
  completed_at: Timestamp | null;
}

export type DisputeStatus = 'open' | 'won' | 'lost';

/** A chargeback of a charge, reported by the processor (migration 0021). */
export interface DisputesTable {
  id: Generated<string>;
  processor_dispute_id: string;
  attempt_id: string;
  customer_id: string;
  card_id: string;
  amount_cents: number;
  reason: string | null;
  status: DisputeStatus;
  payback_sent: boolean;
  opened_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface GatewayCursorsTable {
  name: string;
  position: string;
  updated_at: DefaultTimestamp;
}

/** Every staff action, append-only (migration 0021). */
export interface StaffAuditTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  actor: string;
  actor_roles: ColumnType<string[], string[] | undefined, never>;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  request_id: string | null;
  client_ip: string | null;
}

export interface DeletedIdentitiesTable {
  issuer: string;
  subject_hash: string;
  deleted_at: DefaultTimestamp;
}

/**
 * One row per change to a row a customer's record is built from, by trigger (migration 0113,
 * ADR 78): the count of a customer's rows is their record's version.
 */
export interface CustomerRecordChangesTable {
  id: Generated<string>;
  customer_id: string;
  changed_at: DefaultTimestamp;
}

/** Counts kept by triggers (migration 0012): 'payment_attempts:<kind>', 'payouts', 'customers:active|deleted'. */
export interface RowCountsTable {
  name: string;
  n: ColumnType<number, number, number>;
}

/**
 * The moves each money row may make (migration 0090, ADR 46): written by migrations only, read by
 * the tables' guard triggers; `platform/money-state-machines.ts` is its TypeScript twin (tested).
 */
export interface MoneyStateTransitionsTable {
  table_name: string;
  from_status: string;
  to_status: string;
}

export interface CoreTables {
  customers: CustomersTable;
  support_messages: SupportMessagesTable;
  message_outbox: MessageOutboxTable;
  event_log: EventLogTable;
  plans: PlansTable;
  deleted_identities: DeletedIdentitiesTable;
  subscriptions: SubscriptionsTable;
  payment_attempts: PaymentAttemptsTable;
  billing_runs: BillingRunsTable;
  billing_chunks: BillingChunksTable;
  in_doubt_leases: InDoubtLeasesTable;
  rate_limits: RateLimitsTable;
  payout_chunks: PayoutChunksTable;
  payouts: PayoutsTable;
  attempt_rollups: AttemptRollupsTable;
  payout_rollups: PayoutRollupsTable;
  payout_tries: PayoutTriesTable;
  money_events: MoneyEventsTable;
  row_counts: RowCountsTable;
  customer_record_changes: CustomerRecordChangesTable;
  customer_notices: CustomerNoticesTable;
  notice_sweeps: NoticeSweepsTable;
  receipts: ReceiptsTable;
  refunds: RefundsTable;
  disputes: DisputesTable;
  money_state_transitions: MoneyStateTransitionsTable;
  gateway_cursors: GatewayCursorsTable;
  staff_audit: StaffAuditTable;
  idempotency_keys: IdempotencyKeysTable;
  subscription_pauses: SubscriptionPausesTable;
}

export interface Database extends CoreTables, IdpTables, CardTables, AccountTables, PocketTables {}
