import { type Kysely, sql } from 'kysely';

/**
 * Secrets at rest (issue 39, ADR 52): every row of `idp_keys` written from now on must be a value
 * sealed with the key-encryption key (a compact JWE, `dir` + A256GCM: `{"sealed": "<jwe>"}`), so
 * neither the app nor anyone with its database role can store a key in clear (e.g. a signing
 * key of their own for the app to adopt). NOT VALID: rows written in clear before this release
 * stay until the app's first start seals them in place (idp/keys.ts `resealStoredKeys`, which
 * needs the runtime role's UPDATE: platform/db-grants.ts); a later migration can VALIDATE it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table idp_keys add constraint idp_keys_sealed check (
      jsonb_typeof(value) = 'object'
      and jsonb_typeof(value -> 'sealed') = 'string'
      and value - 'sealed' = '{}'::jsonb
      and (value ->> 'sealed') ~ '^eyJ[A-Za-z0-9_-]*\\.\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$'
    ) not valid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idp_keys drop constraint idp_keys_sealed`.execute(db);
}
