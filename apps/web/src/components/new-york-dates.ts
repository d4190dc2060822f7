/**
 * Dates as the money engine's calendar reads them (New York), for every customer screen: the 28th's
 * charge, the 2nd's pay-back and a plan's end are New York days whatever the browser's zone.
 */
const NEW_YORK = 'America/New_York';

const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: NEW_YORK,
});
const weekdayDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: NEW_YORK,
});
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: NEW_YORK });

/** "July 10, 2031". */
export const dateInNewYork = (at: number | string) => longDate.format(new Date(at));
/** "Monday, December 28". */
export const weekdayInNewYork = (at: number | string) => weekdayDate.format(new Date(at));
/** "December 28". */
export const monthDayInNewYork = (at: number | string) => monthDay.format(new Date(at));
