import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for server tests (ES256, attestation "none"): it answers the
 * options our endpoints hand out the way a browser and an authenticator would, and can be told
 * to lie (another origin, another RP id, a counter that goes back) to test the refusals.
 */
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export function softAuthenticator(defaults: { origin: string; rpId: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );

  function authData(rpId: string, flags: number, attested: boolean) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), len, credentialId, Buffer.from(coseKey));
    }
    return Buffer.concat(parts);
  }
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64(credentialId),
    /** navigator.credentials.create(): user present and verified, a new credential attested. */
    register(
      options: { challenge: string; user?: { id: string } },
      lie: { origin?: string; rpId?: string } = {},
    ) {
      userHandle = options.user?.id ?? '';
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(lie.rpId ?? defaults.rpId, 0x45, true)],
        ]) as never,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(
            clientData('webauthn.create', options.challenge, lie.origin ?? defaults.origin),
          ),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get(): signs the challenge; the counter moves forward unless told. */
    authenticate(
      options: { challenge: string },
      lie: { origin?: string; rpId?: string; counter?: number } = {},
    ) {
      counter = lie.counter ?? counter + 1;
      const data = authData(lie.rpId ?? defaults.rpId, 0x05, false);
      const client = clientData('webauthn.get', options.challenge, lie.origin ?? defaults.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
