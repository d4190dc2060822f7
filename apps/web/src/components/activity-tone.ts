import type { MantineColor } from '@mantine/core';
import type { ActivityTone } from '@pria/contracts';

/**
 * An activity State's badge colour, from what the state means (the API's `stateTone`), never from
 * its words, which are in the reader's language. A refund is money going back as asked (violet, as
 * on the customer's progress), not a problem.
 */
export const activityToneColor: Record<ActivityTone, MantineColor> = {
  done: 'teal',
  pending: 'yellow',
  problem: 'red',
  refunded: 'violet',
};
