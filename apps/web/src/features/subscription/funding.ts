import { t } from '@lingui/core/macro';
import { type CalendarLocale, formatDate } from '@pria/contracts';
import type { Subscription } from '../customer/types.ts';
import { renewalWords } from './lifecycle-words.ts';

/** Why the funding card stays, and what to do instead, in the words of the remove dialog (dates in `locale`). */
export function fundingCardWords(
  sub: Subscription,
  otherCards: number,
  locale: CalendarLocale,
): { message: string; details: string[] } {
  const until = sub.expiresAt ? formatDate(sub.expiresAt, 'long', locale) : null;
  // The renewal named as it would happen: a scheduled plan change's plan and amount (ADR 40).
  const renewal = renewalWords(sub, locale) ?? '';
  // A scheduled change renews as another plan: "Your Semi-Annual plan renews …: Annual" read as two.
  const name = sub.nextPlan ? null : sub.plan.name;
  const message = !until
    ? name
      ? t`Your ${name} plan is waiting for its payment on this card. Removing this card would leave your plan with nothing to charge.`
      : t`Your plan is waiting for its payment on this card. Removing this card would leave your plan with nothing to charge.`
    : sub.autoRenews
      ? name
        ? t`Your ${name} plan renews on this card: ${renewal}. Removing this card would leave your plan with nothing to charge.`
        : t`Your plan renews on this card: ${renewal}. Removing this card would leave your plan with nothing to charge.`
      : name
        ? t`Your ${name} plan runs until ${until}. If you keep it or turn it back on, it renews on this card: ${renewal}. Removing this card would leave your plan with nothing to charge.`
        : t`Your plan runs until ${until}. If you keep it or turn it back on, it renews on this card: ${renewal}. Removing this card would leave your plan with nothing to charge.`;
  return {
    message,
    details: [
      otherCards > 0
        ? t`Choose another funding card first (Account settings → Payment Method → Funding card), then remove this card.`
        : t`Add another card first and make it your funding card, then remove this card.`,
    ],
  };
}
