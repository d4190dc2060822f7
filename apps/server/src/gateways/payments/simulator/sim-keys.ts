import { createHmac, randomBytes } from 'node:crypto';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { SimDb } from './sim-schema.ts';

export interface SimKeys {
  publicJwk: JWK;
  /** Decrypts a compact JWE made with encryptCard() to this key. */
  decrypt(jwe: string): Promise<string>;
  /** A keyed fingerprint of a card number: lets the simulator recognise a card without keeping it. */
  fingerprint(number: string): string;
}

/**
 * The simulator's RSA key pair (RSA-OAEP-256), generated once and kept in gateway_sim.keys.
 * The private key never leaves the simulator's schema and this module.
 */
export async function loadOrCreateKeys(sim: SimDb): Promise<SimKeys> {
  let row = await sim.selectFrom('keys').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = `sim-${randomBytes(8).toString('hex')}`;
    const pub = { ...(await exportJWK(publicKey)), kid, alg: 'RSA-OAEP-256', use: 'enc' };
    const priv = { ...(await exportJWK(privateKey)), kid, alg: 'RSA-OAEP-256' };
    // Two processes starting at once: the first insert wins and both read it back.
    await sim
      .insertInto('keys')
      .values({
        id: 1,
        kid,
        public_jwk: JSON.stringify(pub),
        private_jwk: JSON.stringify(priv),
        hash_secret: randomBytes(32).toString('base64url'),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await sim.selectFrom('keys').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  }
  const privateKey = await importJWK(row.private_jwk as JWK, 'RSA-OAEP-256');
  const secret = row.hash_secret;
  return {
    publicJwk: row.public_jwk as JWK,
    async decrypt(jwe) {
      const { plaintext } = await compactDecrypt(jwe, privateKey, {
        keyManagementAlgorithms: ['RSA-OAEP-256'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      return new TextDecoder().decode(plaintext);
    },
    fingerprint: (number) => createHmac('sha256', secret).update(number).digest('base64url'),
  };
}
