import { sql } from 'kysely';
import type { Db } from '../platform/db.ts';

/** What the web app's refresh does: POST /oidc/token with the refresh token. */
export async function refreshTokens(baseUrl: string, refreshToken: string) {
  const res = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'pria-web',
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/**
 * Makes the user's refresh tokens look an hour old (their sign-in, `auth_time`), and returns an
 * access token minted from one: too old for a change that needs a recent sign-in.
 */
export async function staleAccessToken(db: Db, baseUrl: string, userId: string, refreshToken: string) {
  await db
    .updateTable('oidc_payloads')
    .set({ payload: sql`jsonb_set(payload, '{authTime}', to_jsonb(extract(epoch from now())::int - 3600))` })
    .where('type', '=', 'RefreshToken')
    .where('account_id', '=', userId)
    .execute();
  return (await refreshTokens(baseUrl, refreshToken)).body.access_token as string;
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
