import { isIP } from 'node:net';
import Bowser from 'bowser';

/**
 * How Account → Security and the security notices name a signed-in device and where it signed in
 * from (issue 40, ADR 64, ADR 68). The browser and system come from its User-Agent, read by bowser; the place is only
 * what Pria knows: no geo database, no lookup service, so the address masked to its network
 * (an IPv4 address's /24, an IPv6 address's /48), or "Unknown place".
 */
export function deviceWords(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}

export function placeWords(ip: string | null): string {
  const address = ip?.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (!address) return 'Unknown place';
  if (isIP(address) === 4) return `Network ${address.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(address) === 6) {
    const [head = '', tail = ''] = address.split('::');
    const groups = [...head.split(':').filter(Boolean)];
    // Expand '::' only as far as the first three groups need.
    const missing = 8 - groups.length - tail.split(':').filter(Boolean).length;
    for (let i = 0; i < missing && groups.length < 3; i++) groups.push('0');
    groups.push(...tail.split(':').filter(Boolean));
    return `Network ${groups.slice(0, 3).join(':')}::/48`;
  }
  return 'Unknown place';
}

/**
 * A sign-in from a new device (ADR 68): one whose device in words ("Chrome on macOS") no earlier
 * sign-in of the account had. The account's first sign-in is not new (the one right after sign-up,
 * on the device that signed up): `earlier` holds the User-Agents of the account's earlier sign-ins.
 * Words, not the whole User-Agent, so a browser's own update is not a new device.
 */
export function isNewDevice(userAgent: string | null, earlier: readonly (string | null)[]): boolean {
  if (earlier.length === 0) return false;
  const words = deviceWords(userAgent);
  return !earlier.some((ua) => deviceWords(ua) === words);
}
