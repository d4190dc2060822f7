/**
 * What the runtime database role may do, table by table (issue 30, ADR 22). The app (web,
 * worker, the CLI's everyday commands) connects as a role that owns nothing; migrations run as
 * the owner, which then applies this policy: every privilege of the runtime role is revoked and
 * exactly what is listed here is granted again (`db-grants-sql.ts`). A table the policy does not
 * name stops the migration step with its name, so a new table needs one line here.
 *
 * Classes, not tables, carry the privileges: a table's line says which kind of data it holds.
 * No class has TRUNCATE, REFERENCES or TRIGGER, and the role owns no table, so it can neither
 * change the schema nor switch a trigger off.
 */
export type Privilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

interface TableClass {
  privileges: readonly Privilege[];
  /** Why this kind of table gets exactly these privileges (printed in the generated SQL). */
  why: string;
}

export const tableClasses = {
  appendOnly: {
    privileges: ['SELECT', 'INSERT'],
    why: 'history written once: the audit trail, logs, messages received, notices sent',
  },
  moneyHistory: {
    privileges: ['SELECT', 'INSERT', 'UPDATE'],
    why: 'money moves through states but is never deleted (triggers also freeze amounts, cards and references)',
  },
  kept: {
    privileges: ['SELECT', 'INSERT', 'UPDATE'],
    why: 'records kept for good, changed and erased in place: money rows refer to them, they prove what was sent or keep old tokens dead',
  },
  singleUse: {
    privileges: ['SELECT', 'INSERT', 'UPDATE'],
    why: 'one-time codes and links: issued, then marked used (they go with their identity, by cascade)',
  },
  erasable: {
    privileges: ['SELECT', 'INSERT', 'DELETE'],
    why: 'personal logs, written once and erased with the account they name',
  },
  working: {
    privileges: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
    why: 'live state the app creates and removes: identities, sessions, challenges, preferences, chunks of a run, rate-limit counters',
  },
  derived: {
    privileges: ['SELECT'],
    why: 'kept by triggers that run as the owner (ownerTriggerFunctions): the app reads them, never writes',
  },
  reference: {
    privileges: ['SELECT'],
    why: 'written by migrations only',
  },
  ownerOnly: {
    privileges: [],
    why: "the migrator's own lock: only the owner touches it",
  },
} as const satisfies Record<string, TableClass>;

export type TableClassName = keyof typeof tableClasses;

/** Every table of the `public` schema, by class. Keep it sorted by name within each class. */
export const publicTables: Record<string, TableClassName> = {
  consent_records: 'appendOnly',
  customer_notices: 'appendOnly',
  deleted_identities: 'appendOnly',
  event_log: 'appendOnly',
  notice_sweeps: 'appendOnly',
  staff_audit: 'appendOnly',
  support_messages: 'appendOnly',
  web_push_keys: 'appendOnly',

  billing_runs: 'moneyHistory',
  disputes: 'moneyHistory',
  money_events: 'moneyHistory',
  payment_attempts: 'moneyHistory',
  payout_tries: 'moneyHistory',
  payouts: 'moneyHistory',
  refunds: 'moneyHistory',

  access_valid_after: 'kept',
  cards: 'kept',
  customers: 'kept',
  data_export_requests: 'kept',
  gateway_cursors: 'kept',
  idp_keys: 'kept',
  message_outbox: 'kept',
  subscription_pauses: 'kept',
  subscriptions: 'kept',

  account_deletion_codes: 'singleUse',
  idp_email_tokens: 'singleUse',
  idp_mfa_challenges: 'singleUse',
  idp_mfa_tickets: 'singleUse',
  staff_invitations: 'singleUse',

  idp_session_sign_ins: 'erasable',
  idp_sign_in_events: 'erasable',

  access_ended_sessions: 'working',
  billing_chunks: 'working',
  idempotency_keys: 'working',
  idp_passkeys: 'working',
  idp_recovery_codes: 'working',
  idp_recovery_requests: 'working',
  idp_sign_in_locks: 'working',
  idp_users: 'working',
  idp_webauthn_challenges: 'working',
  in_doubt_leases: 'working',
  notification_preferences: 'working',
  oidc_payloads: 'working',
  payout_chunks: 'working',
  push_subscriptions: 'working',
  rate_limits: 'working',

  attempt_rollups: 'derived',
  customer_record_changes: 'derived',
  payout_rollups: 'derived',
  receipts: 'derived',
  row_counts: 'derived',

  kysely_migration: 'reference',
  money_state_transitions: 'reference',
  plans: 'reference',

  kysely_migration_lock: 'ownerOnly',
};

/**
 * Trigger functions that write `derived` tables. They run as their owner (SECURITY DEFINER,
 * with a fixed search_path), so the runtime role needs no write privilege on what they keep:
 * row counts, monthly roll-ups and receipt numbers follow the money rows and nothing else, and
 * the customer records' versions follow the rows each record is built from.
 */
export const ownerTriggerFunctions = [
  'attempt_rollups_apply',
  'customer_record_changed',
  'customer_record_plans_changed',
  'payout_rollups_apply',
  'receipts_for_captures',
  'receipts_for_refunds',
  'row_counts_cards',
  'row_counts_customers',
  'row_counts_payment_attempts',
  'row_counts_payouts',
] as const;

/**
 * Schemas that are not ours table by table, with what the runtime role gets on every table in
 * them. pg-boss creates and migrates `pgboss` itself (as the owner, in the migration step); at
 * run time it only queues, fetches, completes and archives jobs, and a job says "someone should
 * do X", never what happened. `gateway_sim` is the payment simulator's ledger (development and
 * tests only), written the way a processor would: nothing is ever deleted.
 */
export const otherSchemas = {
  pgboss: {
    privileges: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
    why: "pg-boss's job queue at run time (its DDL runs as the owner)",
  },
  gateway_sim: {
    privileges: ['SELECT', 'INSERT', 'UPDATE'],
    why: "the payment simulator's ledger: the processor's own records, never deleted",
  },
} as const satisfies Record<string, TableClass>;
