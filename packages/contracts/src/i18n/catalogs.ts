import { accountEmails } from './account-emails.ts';
import { customerActivity } from './activity.ts';
import { apiMessages } from './api-messages.ts';
import { customerEmails } from './customer-emails.ts';
import { deviceNames } from './devices.ts';
import { documentWords } from './documents.ts';
import type { Catalog } from './format.ts';
import { idpMessages, idpPages } from './idp-pages.ts';
import { lifecycleNotices } from './lifecycle-notices.ts';
import { mfaPages } from './mfa-pages.ts';
import { moneyNotices } from './money-notices.ts';
import { planNames } from './plan-names.ts';
import { securityNotices } from './security-notices.ts';

/** Every catalog of the server's messages, for the test that holds both languages together. */
export const serverCatalogs: Record<string, Catalog> = {
  idpPages,
  idpMessages,
  accountEmails,
  securityNotices,
  mfaPages,
  lifecycleNotices,
  moneyNotices,
  customerEmails,
  apiMessages,
  documentWords,
  customerActivity,
  deviceNames,
  planNames,
};
