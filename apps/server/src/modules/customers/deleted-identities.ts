import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db.ts';

const hash = (subject: string) => createHash('sha256').update(subject).digest('hex');

/** Remembers that this identity's account was deleted (a hash of the subject, no personal data). */
export async function rememberDeletedIdentity(db: Db, issuer: string, subject: string): Promise<void> {
  await db
    .insertInto('deleted_identities')
    .values({ issuer, subject_hash: hash(subject) })
    .onConflict((oc) => oc.columns(['issuer', 'subject_hash']).doNothing())
    .execute();
}

export async function isDeletedIdentity(db: Db, issuer: string, subject: string): Promise<boolean> {
  const row = await db
    .selectFrom('deleted_identities')
    .select('issuer')
    .where('issuer', '=', issuer)
    .where('subject_hash', '=', hash(subject))
    .executeTakeFirst();
  return row !== undefined;
}
