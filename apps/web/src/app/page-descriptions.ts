import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What a search result or a shared link says of each prerendered public page (its
 * `<meta name="description">`, written by build/prerender.ts in the page's language). Other paths
 * keep index.html's, the landing page's.
 */
export const pageDescriptions = {
  landing: msg`Pria helps you build credit with the cards you already have. Better Credit, Made Simple.`,
  about: msg`Why Pria exists, and how it helps you build credit with the credit cards you already own.`,
  faq: msg`Answers about Pria's monthly $3 charge and its repayment, plans, cards, security and your credit.`,
  policy: msg`How Pria collects, uses and protects your personal information.`,
  terms: msg`The terms of service that apply when you use Pria.`,
  contact: msg`Questions about cards, billing or security? Send Pria a message and we will answer by email.`,
  feedback: msg`Tell Pria how your experience was.`,
} satisfies Record<string, MessageDescriptor>;

export type DescribedPage = keyof typeof pageDescriptions;
