import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import type { Logger } from '../../platform/logger.ts';

export interface Location {
  city_name: string | null;
  country_name: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Where an IP address is, when known; null otherwise (the client detail page shows '-'). */
export type GeoLookup = (ip: string | null) => Location | null;

export const noGeoIp: GeoLookup = () => null;

/**
 * Opens a MaxMind City database (GeoLite2-City.mmdb or GeoIP2-City.mmdb) when GEOIP_DB_PATH
 * names one. Without it, or when it cannot be read, every location is null: locations are a
 * convenience for staff, never a reason for the page to fail.
 */
export async function openGeoIp(path: string | undefined, logger?: Logger): Promise<GeoLookup> {
  if (!path) return noGeoIp;
  if (!existsSync(path)) {
    logger?.warn({ path }, 'GEOIP_DB_PATH does not exist; sign-in locations are off');
    return noGeoIp;
  }
  try {
    return geoLookupFrom(await maxmind.open<CityResponse>(path));
  } catch (err) {
    logger?.warn({ err, path }, 'could not open the GeoIP database; sign-in locations are off');
    return noGeoIp;
  }
}

export function geoLookupFrom(reader: Pick<Reader<CityResponse>, 'get'>): GeoLookup {
  return (ip) => {
    if (!ip || !isIP(ip)) return null;
    try {
      const hit = reader.get(ip);
      if (!hit) return null;
      return {
        city_name: hit.city?.names?.en ?? null,
        country_name: hit.country?.names?.en ?? null,
        latitude: hit.location?.latitude ?? null,
        longitude: hit.location?.longitude ?? null,
      };
    } catch {
      return null;
    }
  };
}
