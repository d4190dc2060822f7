import type { Db } from '../../platform/db.ts';
import { accountLanguage } from '../../platform/language.ts';
import type { MessageAccount } from '../../platform/outbox.ts';
import { type MoneyMessages, moneyEventMessages } from './money-event-messages.ts';
import {
  findCard,
  findDisputedCharge,
  findPlanCharge,
  findReceiptNumber,
  findRefundNotice,
  type MoneyEventRow,
} from './notifications.repo.ts';

/**
 * The words of one money event, read from its rows (the card, the receipt number, the plan
 * bought or renewed, the refund's plan): the same for the email sent at once and for one sent later, once the address is verified.
 * In the language of the customer's account (ADR 74).
 */
export async function composeMoneyMessages(
  tx: Db,
  event: MoneyEventRow,
  ctx: { firstName: string | null; publicUrl: string; heldUntilVerified?: boolean; account?: MessageAccount },
): Promise<MoneyMessages> {
  const card = event.card_id ? await findCard(tx, event.card_id) : undefined;
  const refund = event.refund_id ? await findRefundNotice(tx, event.refund_id) : undefined;
  const disputed =
    event.type === 'dispute.opened' && event.attempt_id
      ? await findDisputedCharge(tx, event.attempt_id, event.occurred_at)
      : undefined;
  const lang = await accountLanguage(tx, ctx.account ?? null);
  return moneyEventMessages(
    {
      type: event.type,
      firstName: ctx.firstName,
      amountCents: event.amount_cents,
      card: card ? { brand: card.brand, lastFour: card.last_four } : null,
      reason: event.reason,
      occurredAt: event.occurred_at,
      publicUrl: ctx.publicUrl,
      receipt: await findReceiptNumber(tx, { attemptId: event.attempt_id, refundId: event.refund_id }),
      plan:
        event.attempt_id && (event.type === 'subscription.started' || event.type === 'subscription.renewed')
          ? ((await findPlanCharge(tx, event.attempt_id)) ?? null)
          : null,
      planEnded: refund?.plan_ended_at
        ? { at: new Date(refund.plan_ended_at), planName: refund.plan_name ?? null }
        : null,
      disputed: disputed ?? null,
      heldUntilVerified: ctx.heldUntilVerified,
    },
    lang,
  );
}
