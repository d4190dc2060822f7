import { isIP } from 'node:net';
import type { Language } from '@pria/contracts';
import { deviceNames } from '@pria/contracts/i18n/devices';
import { formatMessage } from '@pria/contracts/i18n/format';
import Bowser from 'bowser';

/**
 * How Account → Security and the security notices name a signed-in device and where it signed in
 * from (issue 40, ADR 64, ADR 68), in the reader's language (ADR 74: the catalog
 * contracts/i18n/devices.ts; the browser's and system's names stay as they are named). The
 * browser and system come from its User-Agent, read by bowser; the place is only what Pria knows:
 * no geo database, no lookup service, so the address masked to its network (an IPv4 address's
 * /24, an IPv6 address's /48), or "Unknown place".
 */
export function deviceWords(userAgent: string | null, lang: Language = 'en'): string {
  if (!userAgent?.trim()) return formatMessage(deviceNames, lang, 'unknownDevice');
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || formatMessage(deviceNames, lang, 'unknownBrowser');
  return os.name
    ? formatMessage(deviceNames, lang, 'browserOnSystem', { browser: name, system: os.name })
    : name;
}

export function placeWords(ip: string | null, lang: Language = 'en'): string {
  const network = networkOf(ip);
  return network === null
    ? formatMessage(deviceNames, lang, 'unknownPlace')
    : formatMessage(deviceNames, lang, 'network', { network });
}

/** The address masked to its network ("203.0.113.x", "2001:db8:85a3::/48"), or null when there is none. */
function networkOf(ip: string | null): string | null {
  const address = ip?.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (!address) return null;
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(address) === 6) {
    const [head = '', tail = ''] = address.split('::');
    const groups = [...head.split(':').filter(Boolean)];
    // Expand '::' only as far as the first three groups need.
    const missing = 8 - groups.length - tail.split(':').filter(Boolean).length;
    for (let i = 0; i < missing && groups.length < 3; i++) groups.push('0');
    groups.push(...tail.split(':').filter(Boolean));
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return null;
}

/**
 * A sign-in from a new device (ADR 68): one whose device in words ("Chrome on macOS", English
 * whatever the account's language) no earlier
 * sign-in of the account had. The account's first sign-in is not new (the one right after sign-up,
 * on the device that signed up): `earlier` holds the User-Agents of the account's earlier sign-ins.
 * Words, not the whole User-Agent, so a browser's own update is not a new device.
 */
export function isNewDevice(userAgent: string | null, earlier: readonly (string | null)[]): boolean {
  if (earlier.length === 0) return false;
  const words = deviceWords(userAgent);
  return !earlier.some((ua) => deviceWords(ua) === words);
}
