import { DateTime } from 'luxon';

/**
 * An instant as the product writes it to people: "December 4, 2026 at 12:57 PM ET". New York is
 * the money engine's calendar and the zone staff screens show (issue 29: a staff invitation read
 * "Fri, 04 Dec 2026 17:57:06 GMT").
 */
export function newYorkDateTime(at: Date): string {
  return `${DateTime.fromJSDate(at, { zone: 'America/New_York' }).toFormat("LLLL d, yyyy 'at' h:mm a")} ET`;
}
