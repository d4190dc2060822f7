import * as z from 'zod/mini';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from './account-words.ts';
import './zod-mini.ts';

/**
 * A passkey's name, as the Security screen's field and the API check it. In zod's mini API
 * (zod-mini.ts): the field checks with it in the browser.
 */
export const passkeyName = z
  .string({ error: passkeyMessages.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, passkeyMessages.nameRequired),
    z.maxLength(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong),
  );
