import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import {
  attemptFailed,
  clearLock,
  secondFactorLock,
  signInLockedMessage,
  takeAttempt,
} from './sign-in-locks.ts';

/**
 * Passkeys (WebAuthn) of the built-in provider (issue 18, ADR 0016), through @simplewebauthn/server:
 * the relying party is PUBLIC_URL's host, and only its origin is accepted. Each ceremony's challenge
 * is stored and consumed once (a replayed response finds none). The stored counter only moves
 * forward: a response with a lower or equal counter (a cloned authenticator) is refused, and the
 * update is a compare-and-set, so two concurrent uses of one response cannot both pass.
 */
export const MAX_PASSKEYS = 10;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEY_AMR = ['hwk', 'user', 'mfa'];

export class PasskeyError extends Error {
  /** The account of the passkey tried, when it is a known one (for the sign-in log). */
  readonly userId: string | null;
  /** 429 when the account's second-factor lock is on; 400 otherwise. */
  readonly status: 400 | 429;
  /**
   * Whether the assertion was checked and found wrong (a failure the lock counted), as opposed to
   * refused unchecked because the lock was already on. The wrong assertion that turns the lock on
   * is both: checked, and answered 429.
   */
  readonly checked: boolean;
  constructor(message: string, opts: { userId?: string | null; status?: 400 | 429; checked?: boolean } = {}) {
    super(message);
    this.userId = opts.userId ?? null;
    this.status = opts.status ?? 400;
    this.checked = opts.checked ?? this.status === 400;
  }
}

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingPartyOf = (config: Pick<Config, 'publicUrl'>): RelyingParty => {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Pria' };
};

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced across the person's devices (a multi-device passkey) or bound to one authenticator. */
  synced: boolean;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db
    .selectFrom('idp_passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'device_type'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    synced: r.device_type === 'multiDevice',
  }));
}

async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: string | null,
) {
  await db
    .insertInto('idp_webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .execute();
  // Old ones go as new ones come: the table stays the size of the last few minutes' ceremonies.
  await db
    .deleteFrom('idp_webauthn_challenges')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}

/** Marks the challenge used if it is this ceremony's, unused and unexpired: true at most once. */
async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: string | null,
): Promise<boolean> {
  let q = db
    .updateTable('idp_webauthn_challenges')
    .set({ used_at: new Date() })
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date());
  if (userId) q = q.where('user_id', '=', userId);
  return (await q.executeTakeFirst()).numUpdatedRows === 1n;
}

export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: string; email: string }) {
  const existing = await db
    .selectFrom('idp_passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', user.id)
    .execute();
  if (existing.length >= MAX_PASSKEYS) throw new PasskeyError(`You can have up to ${MAX_PASSKEYS} passkeys`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    // Discoverable, so the sign-in page can offer it without an email typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

/** Verifies a registration and stores the credential; the security notice goes in the same transaction. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  user: { id: string; email: string },
  input: { name: string; response: RegistrationResponseJSON },
  notify: SecurityNotifier,
): Promise<PasskeyView> {
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, 'register', user.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyError('That passkey could not be added. Try again.');
  }
  if (!verification.verified) throw new PasskeyError('That passkey could not be added. Try again.');
  const info = verification.registrationInfo;
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('idp_passkeys')
      .values({
        user_id: user.id,
        credential_id: info.credential.id,
        public_key: info.credential.publicKey,
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        name: input.name,
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning(['id', 'name', 'created_at', 'last_used_at', 'device_type'])
      .executeTakeFirst();
    if (!row) throw new PasskeyError('This passkey is already registered');
    await notify(tx, { userId: user.id, email: user.email, event: 'passkey_added', eventId: row.id });
    return {
      id: row.id,
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: null,
      synced: row.device_type === 'multiDevice',
    };
  });
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const r = await db
    .updateTable('idp_passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Removes a passkey of this user (emailed); false when it is not theirs or already gone. */
export async function removePasskey(
  db: Db,
  user: { id: string; email: string },
  id: string,
  notify: SecurityNotifier,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom('idp_passkeys')
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .returning('id')
      .executeTakeFirst();
    if (!gone) return false;
    await notify(tx, { userId: user.id, email: user.email, event: 'passkey_removed', eventId: id });
    return true;
  });
}

export async function authenticationOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  await storeChallenge(db, options.challenge, 'authenticate', null);
  return options;
}

const couldNotSignIn = 'That passkey could not sign you in. Try again, or log in with your password.';

/**
 * Verifies a sign-in assertion: the user it signs in, or a PasskeyError with words for the page.
 * A passkey signs in without the password, so it is the account's second factor: each assertion
 * for a known passkey is one attempt of the account's second-factor lock (sign-in-locks.ts), the
 * same counter as wrong codes, and while it is on a passkey is refused too.
 */
export async function authenticateWithPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<string> {
  const passkey = await db
    .selectFrom('idp_passkeys')
    .innerJoin('idp_users', 'idp_users.id', 'idp_passkeys.user_id')
    .select([
      'idp_passkeys.id',
      'idp_passkeys.user_id',
      'idp_passkeys.credential_id',
      'idp_passkeys.public_key',
      'idp_passkeys.counter',
      'idp_passkeys.transports',
      'idp_users.disabled',
    ])
    .where('idp_passkeys.credential_id', '=', response.id)
    .executeTakeFirst();
  if (!passkey || passkey.disabled) {
    throw new PasskeyError(
      'This passkey is not registered with Pria. Log in with your password, then add it in Account Settings → Security.',
    );
  }
  const userId = passkey.user_id;
  const locked = (checked: boolean) =>
    new PasskeyError(signInLockedMessage, { userId, status: 429, checked });
  const attempt = await takeAttempt(db, secondFactorLock, userId);
  if (!attempt.allowed) throw locked(false);
  const refused = async () =>
    (await attemptFailed(db, secondFactorLock, userId, attempt)) === 'locked'
      ? locked(true)
      : new PasskeyError(couldNotSignIn, { userId });

  const counter = Number(passkey.counter);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | null = null;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, 'authenticate', null),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
  } catch {
    // A foreign origin or RP id, a bad signature, a replayed or unknown challenge.
  }
  if (!verification?.verified) throw await refused();
  const next = verification.authenticationInfo.newCounter;
  // Compare-and-set: the counter this verification checked against is still the stored one.
  const moved = await db
    .updateTable('idp_passkeys')
    .set({ counter: next, last_used_at: new Date() })
    .where('id', '=', passkey.id)
    .where('counter', '=', String(counter))
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) throw await refused();
  await clearLock(db, secondFactorLock, userId);
  return userId;
}
