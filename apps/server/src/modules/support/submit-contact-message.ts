import type { ContactUsRequest } from '@pria/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { enqueueEmail } from '../../platform/outbox.ts';

/** Stores a visitor's contact message and forwards it to the support mailbox, in one transaction. */
export async function submitContactMessage(db: Db, config: Config, input: ContactUsRequest): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('support_messages')
      .values({
        kind: 'contact',
        email: input.email,
        topic: input.type,
        message: input.message,
        customer_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(tx, {
      to: config.supportEmail,
      subject: `[Contact] ${input.type}`,
      text: `From: ${input.email}\nTopic: ${input.type}\n\n${input.message}`,
      dedupeKey: `support-message:${row.id}`,
      // To the support inbox: a message for no customer's account.
      account: null,
    });
  });
}
