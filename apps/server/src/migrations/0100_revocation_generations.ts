import { type Kysely, sql } from 'kysely';

/**
 * Revocation that wins every race (issue 39, ADR 51). A subject's "valid after" instant (0040)
 * could not end a token minted by a refresh that had loaded its grant before the revocation
 * deleted it: the new token's issue time came after the instant. So each subject also gets a
 * generation, moved up by every revoking event in the transaction that deletes its sessions and
 * grants, and every artefact of the built-in provider (session, interaction result, grant, code,
 * refresh token) records the generation of the chain it descends from:
 * - access_valid_after.generation: the subject's current generation (0: never revoked);
 * - oidc_payloads.generation: the generation its chain began under (null: an artefact of no
 *   account yet, or from before this migration, read as 0). A row below its subject's current
 *   generation is never found again, and the access tokens minted from it carry its generation,
 *   which the API refuses below the current one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table access_valid_after add column generation bigint not null default 0
    check (generation >= 0)`.execute(db);
  await sql`alter table oidc_payloads add column generation bigint check (generation >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oidc_payloads drop column generation`.execute(db);
  await sql`alter table access_valid_after drop column generation`.execute(db);
}
