import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The states (and territories, and military "states") whose name is another in Spanish (issue 42):
 * the server's list (GET /administrative-areas) names them in English, word for word as here, and
 * the customer reads them in the app's language. Those not listed (Texas, Puerto Rico) read the
 * same in both. The value the forms send stays the 2-letter code.
 */
const areaNames: Readonly<Record<string, MessageDescriptor>> = {
  AA: msg`Armed Forces Americas`,
  AE: msg`Armed Forces Europe`,
  AP: msg`Armed Forces Pacific`,
  AS: msg`American Samoa`,
  DC: msg`District of Columbia`,
  FM: msg`Federated States of Micronesia`,
  HI: msg`Hawaii`,
  LA: msg`Louisiana`,
  MH: msg`Marshall Islands`,
  MO: msg`Missouri`,
  MP: msg`Northern Mariana Islands`,
  MS: msg`Mississippi`,
  NC: msg`North Carolina`,
  ND: msg`North Dakota`,
  NH: msg`New Hampshire`,
  NJ: msg`New Jersey`,
  NM: msg`New Mexico`,
  NY: msg`New York`,
  OR: msg`Oregon`,
  PA: msg`Pennsylvania`,
  PW: msg`Palau`,
  SC: msg`South Carolina`,
  SD: msg`South Dakota`,
  VI: msg`U.S. Virgin Islands`,
  WV: msg`West Virginia`,
};

/** An area's name in the language the app speaks now (the server's English name otherwise). */
export function areaName(i18n: I18n, area: { code: string; name: string }): string {
  const descriptor = areaNames[area.code];
  return descriptor && i18n.locale !== 'en' ? i18n._(descriptor) : area.name;
}

/**
 * The state picker's choices: each code with its name in the app's language, in that language's
 * alphabetical order ("Carolina del Norte" among the C's in Spanish). English keeps the server's
 * names and order.
 */
export function areaOptions(
  i18n: I18n,
  areas: readonly { code: string; name: string }[],
): { value: string; label: string }[] {
  const options = areas.map((a) => ({ value: a.code, label: areaName(i18n, a) }));
  if (i18n.locale === 'en') return options;
  const collator = new Intl.Collator(i18n.locale);
  return options.sort((a, b) => collator.compare(a.label, b.label));
}

/** Every listed English name, for the test that holds them to the server's. */
export const areaNameDescriptors = areaNames;
