import type { AdministrativeArea } from '@pria/contracts';
import zipcodes from 'zipcodes';

/**
 * US states, DC and territories, from the `zipcodes` data package (ZIP codes with their state).
 * The package names the 50 states and DC; the territories and military "states" it has ZIPs
 * for are named here.
 */
const otherNames: Record<string, string> = {
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  FM: 'Federated States of Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

const titleCase = (s: string) =>
  s
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .replace(/\bOf\b/g, 'of');

type ZipRecord = { zip: string; state: string; country: string; city: string };

const usZips: ZipRecord[] = Object.values(zipcodes.codes as unknown as Record<string, ZipRecord>).filter(
  (c) => c.country === 'US',
);

const stateNames = new Map<string, string>();
for (const [name, code] of Object.entries(zipcodes.states.full as Record<string, string>)) {
  stateNames.set(code, titleCase(name));
}

/**
 * The ZIP we propose when a state is picked: the lowest ZIP of the state's city with the most
 * ZIP codes (its largest city, in practice: New York for NY, Houston for TX).
 */
const firstZipByState = new Map<string, string>();
{
  const perCity = new Map<string, { state: string; count: number; zip: string }>();
  for (const z of usZips) {
    const key = `${z.state}|${z.city}`;
    const c = perCity.get(key) ?? { state: z.state, count: 0, zip: z.zip };
    c.count++;
    if (z.zip < c.zip) c.zip = z.zip;
    perCity.set(key, c);
  }
  const best = new Map<string, { count: number; zip: string }>();
  for (const c of perCity.values()) {
    const b = best.get(c.state);
    if (!b || c.count > b.count || (c.count === b.count && c.zip < b.zip)) best.set(c.state, c);
  }
  for (const [state, b] of best) firstZipByState.set(state, b.zip);
}

export const administrativeAreas: AdministrativeArea[] = [...firstZipByState.keys()]
  .map((code) => ({ code, name: stateNames.get(code) ?? otherNames[code] ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name));

export function postalCodeForArea(code: string): string | null {
  return firstZipByState.get(code) ?? null;
}

/** Every US ZIP of the data, with its state (a test holds the address rule to all of them). */
export const knownUsPostalCodes = (): { zip: string; state: string }[] =>
  usZips.map((z) => ({ zip: z.zip, state: z.state }));

/** The state of a ZIP (5 digits, optionally +4), or null when the ZIP is unknown. */
export function areaForPostalCode(postalCode: string): { code: string; city: string } | null {
  const hit = zipcodes.lookup(postalCode.slice(0, 5)) as ZipRecord | undefined;
  if (hit?.country !== 'US') return null;
  return { code: hit.state, city: hit.city };
}
