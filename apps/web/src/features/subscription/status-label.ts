import { messages } from '@pria/contracts';
import { translated } from '../../app/i18n/contract-messages.ts';
import type { SubscriptionStatus } from '../customer/types.ts';

const statusWords: Record<SubscriptionStatus, string> = {
  active: messages.webStatusActive,
  inactive: messages.webStatusInactive,
  pending_verification: messages.webStatusPending,
};

/** A subscription's status in the language the app speaks now (the contracts' words, ADR 73). */
export const statusLabel = (status: SubscriptionStatus): string => translated(statusWords[status]);

export const statusColor: Record<SubscriptionStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  pending_verification: 'yellow',
};
