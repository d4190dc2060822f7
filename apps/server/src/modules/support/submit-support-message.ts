import type { FeedbackRequest, SupportRequest } from '@pria/contracts';
import type { Config } from '../../config.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { currentCustomer } from '../customers/index.ts';

/** A signed-in customer's message from the support modal, stored and forwarded to support. */
export async function submitSupportMessage(
  db: Db,
  config: Config,
  principal: Principal,
  input: SupportRequest,
) {
  const customer = await currentCustomer(db, principal);
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('support_messages')
      .values({
        kind: 'support',
        customer_id: customer.id,
        email: customer.email,
        topic: input.type,
        message: input.message,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(tx, {
      to: config.supportEmail,
      subject: `[Support] ${input.type}`,
      text: `From: ${customer.email ?? '(no email)'} (customer ${customer.id})\nTopic: ${input.type}\n\n${input.message}`,
      dedupeKey: `support-message:${row.id}`,
      // To the support inbox: a message for no customer's account.
      account: null,
    });
  });
}

/** A star rating with an optional message, from a visitor or a signed-in customer. */
export async function submitFeedback(
  db: Db,
  config: Config,
  principal: Principal | null,
  input: FeedbackRequest,
) {
  const customer = principal ? await currentCustomer(db, principal) : null;
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('support_messages')
      .values({
        kind: 'feedback',
        customer_id: customer?.id ?? null,
        email: customer?.email ?? null,
        star: input.star,
        message: input.message || null,
        topic: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(tx, {
      to: config.supportEmail,
      subject: `[Feedback] ${input.star} star${input.star === 1 ? '' : 's'}`,
      text: `From: ${customer?.email ?? 'a visitor'}\nRating: ${input.star}/5\n\n${input.message || '(no message)'}`,
      dedupeKey: `support-message:${row.id}`,
      // To the support inbox: a message for no customer's account.
      account: null,
    });
  });
}
