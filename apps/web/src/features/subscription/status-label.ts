import { messages } from '@pria/contracts';
import type { SubscriptionStatus } from '../customer/types.ts';

export const statusLabel: Record<SubscriptionStatus, string> = {
  active: messages.webStatusActive,
  inactive: messages.webStatusInactive,
  pending_verification: messages.webStatusPending,
};

export const statusColor: Record<SubscriptionStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  pending_verification: 'yellow',
};
