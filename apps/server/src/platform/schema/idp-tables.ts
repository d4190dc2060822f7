import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the built-in identity provider (see migrations/0002_idp.ts). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface IdpUsersTable {
  /** `auth|<uuid>`; the `sub` of every token. */
  id: string;
  /** Always stored lower-cased; unique. */
  email: string;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  given_name: string | null;
  family_name: string | null;
  /** The TOTP secret (encrypted, see mfa-secret-box.ts) and the last time step accepted. */
  mfa_totp_secret: string | null;
  mfa_totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** The enrolled second factor (migration 0006); null when MFA is off. */
  mfa_type: ColumnType<MfaMethod | null, MfaMethod | null | undefined, MfaMethod | null>;
  mfa_enrolled_at: NullableTimestamp;
  disabled: Generated<boolean>;
  /** The language the account was created in; null: before migration 0110, or not by sign-up. */
  language: ColumnType<'en' | 'es' | null, 'en' | 'es' | null | undefined, 'en' | 'es' | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  account_id: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  /** The generation of its subject its chain began under (migration 0100); null: none yet or older. */
  generation: number | null;
}

export interface IdpKeysTable {
  /** 'signing' (private JWKS), 'cookies' (cookie signing keys, development only) or 'mfa' (TOTP key). */
  id: string;
  /** `{ sealed: <compact JWE> }` under the key-encryption key (ADR 52; migration 0101). */
  value: Json<unknown>;
  created_at: Timestamp;
}

export interface IdpEmailTokensTable {
  id: Generated<number>;
  user_id: string;
  purpose: string;
  /** sha256 (hex) of the token sent by email; the token itself is never stored. */
  token_hash: string;
  email: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface IdpSignInEventsTable {
  id: Generated<number>;
  user_id: string | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  /** Why it failed: 'password', 'locked', 'ip-throttled', 'unknown-user'... */
  reason: string | null;
  at: Timestamp;
}

/** A "forgot password" request, known address or not (migration 0022); throttles count these. */
export interface IdpRecoveryRequestsTable {
  id: Generated<number>;
  email: string;
  ip: string | null;
  user_id: string | null;
  at: Timestamp;
}

export type MfaMethod = 'authenticator' | 'sms' | 'email';

/** An MFA enrolment link and the enrolment in progress (migration 0006). */
export interface IdpMfaTicketsTable {
  id: Generated<number>;
  user_id: string;
  /** sha256 (hex) of the ticket in the link. */
  token_hash: string;
  method: MfaMethod | null;
  /** The TOTP secret being set up, encrypted (see mfa-secret-box.ts). */
  pending_secret: string | null;
  /** Salted sha256 of the code sent by SMS or email. */
  code_hash: string | null;
  attempts: Generated<number>;
  sends: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** The second step of a sign-in, keyed by the oidc-provider interaction (migration 0006). */
export interface IdpMfaChallengesTable {
  id: Generated<number>;
  interaction_uid: string;
  user_id: string;
  method: MfaMethod;
  code_hash: string | null;
  attempts: Generated<number>;
  sends: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A WebAuthn credential (migration 0025): public key and signature counter, never a secret. */
/** Two-factor recovery codes, hashed, single use (migration 0063). */
export interface IdpRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  created_at: Generated<Date>;
  used_at: Date | null;
}

export interface IdpPasskeysTable {
  id: Generated<string>;
  user_id: string;
  /** base64url, as the browser reports it. */
  credential_id: string;
  public_key: Uint8Array;
  counter: ColumnType<string, number | string | undefined, number | string>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  created_at: Generated<Date>;
  last_used_at: NullableTimestamp;
}

export interface IdpWebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  user_id: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/**
 * A sign-in lock's counter (migration 0103, idp/sign-in-locks.ts): attempts in the window that
 * started at window_started_at, and the lock's end once it is on.
 */
export interface IdpSignInLocksTable {
  /** Which lock: 'address' (wrong passwords) or 'second-factor' (wrong second factors). */
  lock: string;
  /** The submitted address's SHA-256 (hex) for 'address'; the account id for 'second-factor'. */
  key: string;
  attempts: Generated<number>;
  window_started_at: Generated<Date>;
  locked_until: NullableTimestamp;
}

/**
 * A completed sign-in and the provider's session it opened (migration 0107, ADR 64): the
 * session's public uid (the `sid` of its tokens), the browser's User-Agent and address.
 */
export interface IdpSessionSignInsTable {
  id: Generated<number>;
  user_id: string;
  session_uid: string;
  /** Names the sign-in (its interaction result), so a result logged in twice is one sign-in. */
  sign_in_id: string;
  user_agent: string | null;
  ip: string | null;
  signed_in_at: Timestamp;
}

export type IdpTables = {
  idp_session_sign_ins: IdpSessionSignInsTable;
  idp_passkeys: IdpPasskeysTable;
  idp_webauthn_challenges: IdpWebauthnChallengesTable;
  idp_users: IdpUsersTable;
  oidc_payloads: OidcPayloadsTable;
  idp_keys: IdpKeysTable;
  idp_email_tokens: IdpEmailTokensTable;
  idp_sign_in_events: IdpSignInEventsTable;
  idp_recovery_requests: IdpRecoveryRequestsTable;
  idp_mfa_tickets: IdpMfaTicketsTable;
  idp_mfa_challenges: IdpMfaChallengesTable;
  idp_recovery_codes: IdpRecoveryCodesTable;
  idp_sign_in_locks: IdpSignInLocksTable;
  staff_invitations: StaffInvitationsTable;
};

/** Staff invitations (migration 0041): one row per link sent; at most one live per person. */
export interface StaffInvitationsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  role: 'support' | 'finance' | 'admin';
  /** sha256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  /** The admin who sent it (their email), or the operator at the command line. */
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
  /** 'revoked' by an admin, or 'replaced' by a new link. */
  revoked_reason: 'revoked' | 'replaced' | null;
}
