import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../platform/db.ts';
import { base32Encode } from './totp.ts';

/**
 * Two-factor recovery codes (issue 29): ten codes of 10 base32 characters ("k7pq2-x9dm4", 50
 * random bits each), shown once, stored only as SHA-256 hashes, each usable once to sign in
 * when the phone or authenticator is lost. Issuing a new set replaces the old one.
 */
export const RECOVERY_CODE_COUNT = 10;

/** Lower case, dashes and spaces ignored: what the person may type back. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashOf = (code: string) => createHash('sha256').update(normalize(code)).digest('hex');

function newCode(): string {
  const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** A fresh set for the user, replacing any earlier one; the plain codes, to show once. */
export async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.deleteFrom('idp_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('idp_recovery_codes')
    .values(codes.map((c) => ({ user_id: userId, code_hash: hashOf(c), used_at: null })))
    .onConflict((oc) => oc.columns(['user_id', 'code_hash']).doNothing())
    .execute();
  return codes;
}

/** Uses a code: true once per code (a second use, or a wrong code, is false). */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const clean = normalize(code);
  if (!/^[a-z2-7]{10}$/.test(clean)) return false;
  const used = await db
    .updateTable('idp_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashOf(clean))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('idp_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('idp_recovery_codes').where('user_id', '=', userId).execute();
}
