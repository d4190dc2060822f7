/// <reference path="./http-ece.d.ts" />
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { decrypt } from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { freePort } from './free-port.ts';

/** A browser's side of a push subscription: the keys it gives the server and keeps to decrypt. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
  ecdh: ECDH;
  authSecret: Buffer;
}

export function newDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: authSecret.toString('base64url'),
    ecdh,
    authSecret,
  };
}

export interface ReceivedPush {
  /** The last path segment of the endpoint. */
  device: string;
  /** The decrypted payload. */
  payload: unknown;
  claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  /** The VAPID public key the request was signed with (`k=` of the Authorization header). */
  vapidKey: string;
  headers: { ttl?: string; topic?: string; urgency?: string; encoding?: string };
}

/**
 * A push service as browsers' vendors run one (RFC 8030 + RFC 8292), on loopback: it refuses a
 * request whose VAPID JWT does not verify against the key it names (403, as FCM does), decrypts
 * the aes128gcm body with the device's keys (http_ece), and answers 201, or what a test scripted
 * for that device (410 for a device that unsubscribed, 500 for an outage).
 */
export async function startPushServiceStandIn() {
  const port = await freePort();
  const devices = new Map<string, DeviceKeys>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const refused: { device: string; status: number; why: string }[] = [];
  const origin = `http://127.0.0.1:${port}`;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req.url ?? '', req.headers, Buffer.concat(chunks)).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });

  async function handle(url: string, h: Record<string, string | string[] | undefined>, body: Buffer) {
    const device = url.split('/').pop() ?? '';
    const refuse = (status: number, why: string) => {
      refused.push({ device, status, why });
      return status;
    };
    const keys = devices.get(device);
    if (!keys) return refuse(404, 'unknown device');
    const auth = String(h.authorization ?? '');
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(auth);
    if (!m?.[1] || !m[2]) return refuse(401, 'no VAPID authorization');
    const [token, k] = [m[1], m[2]];
    const raw = Buffer.from(k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return refuse(403, 'k is not an uncompressed P-256 key');
    let claims: ReceivedPush['claims'];
    try {
      if (decodeProtectedHeader(token).alg !== 'ES256') return refuse(403, 'not ES256');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33).toString('base64url'),
        },
        'ES256',
      );
      // RFC 8292: the audience is the push service's origin; it expires within 24 hours.
      const verified = await jwtVerify(token, key, { audience: origin, requiredClaims: ['exp', 'sub'] });
      claims = verified.payload;
      const exp = Number(verified.payload.exp);
      if (!exp || exp * 1000 > Date.now() + 24 * 3600_000 + 60_000)
        return refuse(403, 'exp more than 24h away');
    } catch (err) {
      return refuse(403, `VAPID signature: ${String(err)}`);
    }
    if (h['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    let payload: unknown;
    try {
      const clear = decrypt(body, {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: keys.authSecret,
      });
      payload = JSON.parse(clear.toString('utf8'));
    } catch (err) {
      return refuse(400, `cannot decrypt: ${String(err)}`);
    }
    const next = scripted.get(device)?.shift();
    if (next !== undefined && next >= 300) return refuse(next, 'scripted');
    received.push({
      device,
      payload,
      claims,
      vapidKey: k,
      headers: {
        ttl: h.ttl as string | undefined,
        topic: h.topic as string | undefined,
        urgency: h.urgency as string | undefined,
        encoding: h['content-encoding'] as string | undefined,
      },
    });
    return 201;
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    received,
    refused,
    /** A new device of this push service: its endpoint and keys (what PushSubscription.toJSON() gives). */
    device(name: string) {
      const keys = newDeviceKeys();
      devices.set(name, keys);
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    },
    /** The next answers for this device's messages (e.g. [500] then the default 201; [410]). */
    script(name: string, statuses: number[]) {
      scripted.set(name, [...statuses]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
