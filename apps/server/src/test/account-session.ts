import { sql } from 'kysely';
import type { Db } from '../platform/db.ts';
import type { TestApp } from './harness.ts';
import { refresh } from './idp-browser.ts';

/**
 * Makes the user's refresh tokens look an hour old (their sign-in, `auth_time`), and returns an
 * access token minted from one: too old for a change that needs a recent sign-in.
 */
export async function staleAccessToken(app: TestApp, userId: string, refreshToken: string) {
  await app.db
    .updateTable('oidc_payloads')
    .set({ payload: sql`jsonb_set(payload, '{authTime}', to_jsonb(extract(epoch from now())::int - 3600))` })
    .where('type', '=', 'RefreshToken')
    .where('account_id', '=', userId)
    .execute();
  return (await refresh(app, refreshToken)).body.access_token as string;
}

/** The text of the newest message queued for an address ('' when there is none). */
export async function lastMessageTo(db: Db, to: string): Promise<string> {
  const row = await db
    .selectFrom('message_outbox')
    .select('text_body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.text_body ?? '';
}
