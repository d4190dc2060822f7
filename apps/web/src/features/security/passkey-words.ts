import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from '@pria/contracts';

/**
 * The passkey name's refusals, which the field takes from the contracts' rule (`passkeyName`, the
 * API's own words), in the language spoken now. The English is the contracts' word for word
 * (passkey-words.test.ts); a text not listed shows as it came.
 */
export function passkeyNameErrorIn(i18n: I18n, english: string): string {
  const max = PASSKEY_NAME_MAX_LENGTH;
  if (english === passkeyMessages.nameRequired) return i18n._(msg`Give the passkey a name`);
  if (english === passkeyMessages.nameTooLong)
    return i18n._(msg`A passkey name is at most ${max} characters`);
  return english;
}
