import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { up as requireSealedKeys } from '../migrations/0101_idp_keys_sealed.ts';
import { createDb, type Db } from '../platform/db.ts';
import { keyEncryptionKey, open, type Sealed, sealedBy } from '../platform/key-encryption.ts';
import { apiClient } from '../test/api-client.ts';
import { startTestApp, type TestApp, testDatabaseEnv } from '../test/harness.ts';
import { oidcLogin } from '../test/oidc-login.ts';
import { createUser } from './index.ts';

/**
 * The provider's secrets at rest (issue 39, ADR 52): the token-signing key, the cookie keys and
 * the key that encrypts TOTP secrets are sealed with a key-encryption key the database never
 * holds, so one read of `idp_keys` (as the app's role, from a backup) forges nothing.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'correct horse 1';
const newKey = () => randomBytes(32).toString('base64');
const ringOf = (key: string) => ({
  current: keyEncryptionKey(Buffer.from(key, 'base64')),
  previous: undefined,
});

let running: TestApp[] = [];
afterEach(async () => {
  for (const app of running) await app.stop();
  running = [];
});
async function start(env: Record<string, string>) {
  const app = await startTestApp(env);
  running.push(app);
  return app;
}
async function stop(app: TestApp) {
  running = running.filter((a) => a !== app);
  await app.stop();
}

const kidOf = async (app: TestApp) =>
  ((await (await fetch(`${app.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys[0]?.kid;

/** What the runtime role reads from idp_keys, as text. */
async function storedAsTheApp(app: TestApp) {
  const rows = await app.appDb.selectFrom('idp_keys').select(['id', 'value']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, value: r.value, text: JSON.stringify(r.value) }));
}

/** No private key material: no JWK members, no PEM, no raw base64url secret of a JWK's size. */
function expectNothingInClear(rows: { id: string; value: unknown; text: string }[]) {
  expect(rows.map((r) => r.id)).toEqual(['cookies', 'mfa', 'signing']);
  for (const row of rows) {
    expect(Object.keys(row.value as object), row.id).toEqual(['sealed']);
    expect(row.text, row.id).not.toMatch(/"(kty|d|p|q|dp|dq|qi|n|e)"\s*:|PRIVATE KEY|BEGIN /);
  }
}

async function signsIn(app: TestApp, email: string) {
  const tokens = await oidcLogin({ baseUrl: app.url, email, password: PASSWORD });
  return (await apiClient(app.url, tokens.access_token).get('/api/v1/account/session')).status;
}

// Each case starts the app once or more on a database of its own.
describe('the provider keys at rest', { timeout: 120_000 }, () => {
  it('are sealed: the runtime role reads no private key material, and signing in works', async () => {
    const app = await start({ ...(await testDatabaseEnv()), PRIA_KEY_ENCRYPTION_KEY: newKey() });
    expectNothingInClear(await storedAsTheApp(app));
    await createUser(app.db, { email: 'sealed@pria.test', password: PASSWORD, emailVerified: true });
    expect(await signsIn(app, 'sealed@pria.test')).toBe(200);
  });

  it('may not be written in clear, even by the app: the database refuses it', async () => {
    const app = await start({ ...(await testDatabaseEnv()), PRIA_KEY_ENCRYPTION_KEY: newKey() });
    const plain = JSON.stringify({ keys: [{ kty: 'RSA', d: 'attacker-chosen' }] });
    await expect(
      sql`update idp_keys set value = ${plain}::jsonb where id = 'signing'`.execute(app.appDb),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`insert into idp_keys (id, value) values ('extra', ${plain}::jsonb)`.execute(app.appDb),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('written in clear before this release are sealed at the first start, the same keys kept', async () => {
    const key = newKey();
    const dbEnv = await testDatabaseEnv();
    const first = await start({ ...dbEnv, PRIA_KEY_ENCRYPTION_KEY: key });
    const kid = await kidOf(first);
    await createUser(first.db, { email: 'legacy@pria.test', password: PASSWORD, emailVerified: true });
    await stop(first);
    // As the rows were before migration 0101: the same secrets, in clear.
    const owner = createDb(dbEnv.DATABASE_OWNER_URL, 1).db;
    try {
      await putInClear(owner, key);
    } finally {
      await owner.destroy();
    }

    const after = await start({ ...dbEnv, PRIA_KEY_ENCRYPTION_KEY: key });
    expect(await kidOf(after)).toBe(kid);
    expectNothingInClear(await storedAsTheApp(after));
    expect(await signsIn(after, 'legacy@pria.test')).toBe(200);
  });

  it('rotate: started with the new key and the old one, every row is sealed under the new key', async () => {
    const [oldKey, nextKey] = [newKey(), newKey()];
    const dbEnv = await testDatabaseEnv();
    const before = await start({ ...dbEnv, PRIA_KEY_ENCRYPTION_KEY: oldKey });
    const kid = await kidOf(before);
    await createUser(before.db, { email: 'rotate@pria.test', password: PASSWORD, emailVerified: true });
    await stop(before);

    const rotating = await start({
      ...dbEnv,
      PRIA_KEY_ENCRYPTION_KEY: nextKey,
      PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: oldKey,
    });
    const nextId = ringOf(nextKey).current.id;
    for (const row of await storedAsTheApp(rotating)) expect(sealedBy(row.value), row.id).toBe(nextId);
    expect(await kidOf(rotating)).toBe(kid);
    await stop(rotating);

    // The old key alone opens nothing any more (the start stops, naming the variable)...
    await expect(startTestApp({ ...dbEnv, PRIA_KEY_ENCRYPTION_KEY: oldKey })).rejects.toThrow(
      /PRIA_KEY_ENCRYPTION_KEY/,
    );
    // ...and the new one alone is enough: same signing key, same accounts.
    const after = await start({ ...dbEnv, PRIA_KEY_ENCRYPTION_KEY: nextKey });
    expect(await kidOf(after)).toBe(kid);
    expect(await signsIn(after, 'rotate@pria.test')).toBe(200);
  });

  it('rotate from the command line: keys:rotate seals every row under the new key', async () => {
    const [oldKey, nextKey] = [newKey(), newKey()];
    const dbEnv = await testDatabaseEnv();
    const app = await start({ ...dbEnv, PRIA_KEY_ENCRYPTION_KEY: oldKey });
    const out = await cli(['keys:rotate'], {
      DATABASE_URL: app.databaseUrl,
      PRIA_KEY_ENCRYPTION_KEY: nextKey,
      PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: oldKey,
    });
    expect(out.code, out.err).toBe(0);
    expect(JSON.parse(out.out)).toEqual({
      keyEncryptionKey: ringOf(nextKey).current.id,
      resealed: ['cookies', 'mfa', 'signing'],
    });
    const ring = ringOf(nextKey);
    const rows = await storedAsTheApp(app);
    expectNothingInClear(rows);
    for (const row of rows) await expect(open(ring, row.id, row.value as Sealed)).resolves.toBeTruthy();
  });
});

/** Writes each stored secret back in clear, as a release before ADR 52 kept it. */
async function putInClear(owner: Db, key: string) {
  const ring = ringOf(key);
  const rows = await owner.selectFrom('idp_keys').select(['id', 'value']).execute();
  await sql`alter table idp_keys drop constraint idp_keys_sealed`.execute(owner);
  for (const row of rows) {
    const value = await open(ring, row.id, row.value as Sealed);
    await owner
      .updateTable('idp_keys')
      .set({ value: JSON.stringify(value) })
      .where('id', '=', row.id)
      .execute();
  }
  expect(JSON.stringify(await owner.selectFrom('idp_keys').select('value').execute())).toMatch(/"kty"/);
  // The constraint as migration 0101 adds it: NOT VALID, so the rows in clear stay until sealed.
  await requireSealedKeys(owner as unknown as Kysely<unknown>);
}

function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'cli.ts'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  );
}
