import { msg } from '@lingui/core/macro';

/**
 * What Charge & Pay means for one card, in the same words at checkout (a new card that pays for
 * the plan) and in the edit form (joining or leaving later): the customer decides, never us. Read with `i18n._`.
 */
export const CHARGE_AND_PAY_LABEL = msg`Use this card for Charge & Pay`;
export const CHARGE_AND_PAY_HELP = msg`We charge $3 on this card on the 28th of every month and pay it back on the 2nd of the next month. You can change this later.`;
