import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair that identifies Pria to the push services: the configuration's
 * (WEB_PUSH_VAPID_PUBLIC_KEY / _PRIVATE_KEY) when set; otherwise, outside production, a pair
 * generated on first start and kept in `web_push_keys` (like the identity provider's keys, so
 * devices subscribed yesterday still receive today). In production without keys push is off:
 * a key made up by one process and unknown to the others would break every subscription.
 */
export async function loadVapidKeys(db: Db, config: Config): Promise<VapidKeys | undefined> {
  if (config.webPush.vapid) return config.webPush.vapid;
  if (config.env === 'production') return undefined;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insertInto('web_push_keys')
    .values({ id: 'vapid', public_key: generated.publicKey, private_key: generated.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('web_push_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 'vapid')
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/**
 * Whether the server may post to this push endpoint. The browser hands us the URL and the server
 * calls it, so an arbitrary URL would let anyone make Pria send requests into its own network:
 * only https on the known push services' hosts (a leading dot: any subdomain), and loopback
 * outside production (the tests' stand-in push service).
 */
export function isAllowedPushEndpoint(
  endpoint: string,
  rules: { allowedHosts: string[]; allowLoopback: boolean },
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (rules.allowLoopback && ['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    return url.protocol === 'http:' || url.protocol === 'https:';
  }
  if (url.protocol !== 'https:') return false;
  return rules.allowedHosts.some((h) =>
    h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h,
  );
}
