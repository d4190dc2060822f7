import { type CalendarLocale, cardName, formatMonth, type ProgressMonthState } from '@pria/contracts';

/** "January 2030" ("enero de 2030") from "2030-01" (a calendar month: no time zone involved). */
export const monthName = (period: string, locale: CalendarLocale = 'en-US') =>
  formatMonth(period, 'long', locale);

export const cardLabel = cardName;

/** The colour of a month: teal on time, blue on its way, grey ours or pending, orange/red for the customer to look at. */
export const stateColor: Record<ProgressMonthState, string> = {
  paid_back: 'teal',
  paying_back: 'blue',
  processing: 'gray',
  missed: 'gray',
  declined: 'orange',
  payback_returned: 'red',
  refunded: 'violet',
  disputed: 'violet',
};
