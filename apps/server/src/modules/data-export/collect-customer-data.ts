import { cardName, isoInNewYork } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { AS_IT_STANDS, pausedAt } from '../billing/index.ts';

/** One table of the export: its rows, each a flat record (the CSV's columns are the first row's keys). */
export type Dataset = Record<string, string | number | boolean | null>[];

/** The files of the export, in the order they are collected (and the order the progress counts). */
export const DATASETS = [
  'profile',
  'cards',
  'subscription_history',
  'charges',
  'paybacks',
  'refunds',
  'disputes',
  'notices',
  'messages',
  'sign_ins',
  'notification_settings',
  'push_devices',
  'consents',
] as const;
export type DatasetName = (typeof DATASETS)[number];

// Instants with New York's offset: the same instant for a program, New York's date for a person.
const iso = (d: Date | string | null | undefined) => (d ? isoInNewYork(d) : null);
const cents = (n: number | string | null) => (n === null ? null : Number(n));
const dollars = (n: number | string | null) => (n === null ? null : (Number(n) / 100).toFixed(2));

/**
 * Everything Pria holds about one customer, as the CCPA's right to know asks: profile, cards
 * (masked: brand and last four, never a number), subscription history, every charge, pay-back,
 * refund and dispute, the notices and messages sent, sign-ins and consents. Read-only over other
 * modules' tables (NOTE: like the activity list; a column renamed there must be renamed here).
 * Message bodies are left out: they hold sign-in links and codes that must not sit in a file.
 */
export async function collectDataset(db: Db, customerId: string, name: DatasetName): Promise<Dataset> {
  switch (name) {
    case 'profile': {
      const c = await db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      return [
        {
          customer_id: c.id,
          email: c.email,
          email_verified: c.email_verified,
          first_name: c.first_name,
          middle_name: c.middle_name,
          last_name: c.last_name,
          phone: c.phone,
          address1: c.address1,
          address2: c.address2,
          city: c.locality,
          state: c.administrative_area,
          country: c.country,
          postal_code: c.postal_code,
          language: c.language,
          created_at: iso(c.created_at),
          updated_at: iso(c.updated_at),
        },
      ];
    }
    case 'cards': {
      const rows = await db
        .selectFrom('cards')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .execute();
      return rows.map((c) => ({
        card_id: c.id,
        card: cardName({ brand: c.brand, lastFour: c.last_four }),
        brand: c.brand,
        last_four: c.last_four,
        expiration: `${String(c.expiration_month).padStart(2, '0')}/${c.expiration_year}`,
        name_on_card: c.name,
        address1: c.address1,
        address2: c.address2,
        city: c.locality,
        state: c.administrative_area,
        postal_code: c.postal_code,
        is_default: c.is_default,
        added_at: iso(c.created_at),
        removed_at: iso(c.removed_at),
      }));
    }
    case 'subscription_history': {
      const subs = await sql<Record<string, unknown>>`
        select s.id, s.plan_id, p.name as plan_name, s.status, s.expires_at, s.cancelled_at, s.created_at,
               ${pausedAt(sql.ref<string>('s.id'), AS_IT_STANDS)} as paused
        from subscriptions s join plans p on p.id = s.plan_id where s.customer_id = ${customerId}`.execute(
        db,
      );
      const events = await sql<{ at: Date; message: string }>`
        select at, message from event_log
        where stream = 'subscriptions' and data->>'customerId' = ${customerId} order by at, id`.execute(db);
      const planCharges = await sql<Record<string, unknown>>`
        select a.created_at, a.description, a.status, a.amount_cents, c.brand, c.last_four
        from payment_attempts a join cards c on c.id = a.card_id
        where a.customer_id = ${customerId} and a.kind = 'subscription' order by a.created_at`.execute(db);
      return [
        ...subs.rows.map((s) => ({
          at: iso(s.created_at as Date),
          event: `Subscribed to ${s.plan_name}`,
          detail: `status ${s.status}${s.paused ? ' (paused)' : ''}; ${s.cancelled_at ? `cancelled ${iso(s.cancelled_at as Date)}; ` : ''}active until ${iso(s.expires_at as Date) ?? '-'}`,
          amount_cents: null,
        })),
        ...planCharges.rows.map((a) => ({
          at: iso(a.created_at as Date),
          event: String(a.description),
          detail: `${a.status} on ${cardName({ brand: String(a.brand), lastFour: String(a.last_four) })}`,
          amount_cents: cents(a.amount_cents as number),
        })),
        ...events.rows.map((e) => ({ at: iso(e.at), event: e.message, detail: null, amount_cents: null })),
      ].sort((a, b) => String(a.at).localeCompare(String(b.at)));
    }
    case 'charges': {
      const rows = await sql<Record<string, unknown>>`
        select a.id, a.kind, a.period, a.created_at, a.description, a.status, a.amount_cents, a.decline_reason,
               a.reference, c.brand, c.last_four
        from payment_attempts a join cards c on c.id = a.card_id
        where a.customer_id = ${customerId} order by a.created_at, a.id`.execute(db);
      return rows.rows.map((a) => ({
        charge_id: String(a.id),
        kind: a.kind === 'payin' ? 'monthly $3 charge' : 'plan charge',
        month: String(a.period),
        at: iso(a.created_at as Date),
        description: String(a.description),
        status: String(a.status),
        amount_cents: cents(a.amount_cents as number),
        amount: dollars(a.amount_cents as number),
        decline_reason: (a.decline_reason as string | null) ?? null,
        card: cardName({ brand: String(a.brand), lastFour: String(a.last_four) }),
        reference: String(a.reference),
      }));
    }
    case 'paybacks': {
      const rows = await sql<Record<string, unknown>>`
        select p.id, p.attempt_id, p.period, p.created_at, p.status, p.amount_cents, p.paid_at, p.tries, c.brand, c.last_four
        from payouts p join cards c on c.id = coalesce(p.paid_to_card_id, p.card_id)
        where p.customer_id = ${customerId} order by p.created_at, p.id`.execute(db);
      return rows.rows.map((p) => ({
        payback_id: String(p.id),
        charge_id: String(p.attempt_id),
        month: String(p.period),
        at: iso(p.created_at as Date),
        status: String(p.status),
        amount_cents: cents(p.amount_cents as number),
        amount: dollars(p.amount_cents as number),
        paid_at: iso(p.paid_at as Date | null),
        tries: Number(p.tries),
        card: cardName({ brand: String(p.brand), lastFour: String(p.last_four) }),
      }));
    }
    case 'refunds': {
      const rows = await sql<Record<string, unknown>>`
        select f.id, f.attempt_id, f.created_at, f.status, f.amount_cents, f.mode, f.customer_message, f.plan_ended_at,
               c.brand, c.last_four
        from refunds f join cards c on c.id = f.card_id
        where f.customer_id = ${customerId} order by f.created_at, f.id`.execute(db);
      return rows.rows.map((f) => ({
        refund_id: String(f.id),
        charge_id: String(f.attempt_id),
        at: iso(f.created_at as Date),
        status: String(f.status),
        mode: String(f.mode),
        // What staff told the customer; the refund's reason is internal (issue 28).
        message: (f.customer_message as string | null) ?? null,
        plan_ended_at: iso(f.plan_ended_at as Date | null),
        amount_cents: cents(f.amount_cents as number),
        amount: dollars(f.amount_cents as number),
        card: cardName({ brand: String(f.brand), lastFour: String(f.last_four) }),
      }));
    }
    case 'disputes': {
      const rows = await sql<Record<string, unknown>>`
        select d.id, d.attempt_id, d.opened_at, d.decided_at, d.status, d.reason, d.amount_cents
        from disputes d where d.customer_id = ${customerId} order by d.opened_at, d.id`.execute(db);
      return rows.rows.map((d) => ({
        dispute_id: String(d.id),
        charge_id: String(d.attempt_id),
        opened_at: iso(d.opened_at as Date),
        decided_at: iso(d.decided_at as Date | null),
        status: String(d.status),
        reason: (d.reason as string | null) ?? null,
        amount_cents: cents(d.amount_cents as number),
        amount: dollars(d.amount_cents as number),
      }));
    }
    case 'notices': {
      const rows = await db
        .selectFrom('customer_notices')
        .select(['id', 'type', 'created_at', 'data'])
        .where('customer_id', '=', customerId)
        .orderBy('id')
        .execute();
      return rows.map((n) => ({
        notice_id: n.id,
        type: n.type,
        at: iso(n.created_at),
        details: JSON.stringify(n.data),
      }));
    }
    case 'messages': {
      // Sent for the customer's own account (the identity each message names), whatever the
      // address: never matched by address, which another account may have typed as its own
      // (issue 39: an unverified phone number). Subjects only (see the NOTE above).
      const rows = await sql<Record<string, unknown>>`
        select m.id, m.channel, m.recipient, m.subject, m.status, m.created_at, m.sent_at
        from message_outbox m
        join customers c on c.subject = m.account_subject and c.issuer = m.account_issuer
        where c.id = ${customerId}
        order by m.id`.execute(db);
      return rows.rows.map((m) => ({
        message_id: Number(m.id),
        channel: String(m.channel),
        to: m.channel === 'push' ? 'your device' : String(m.recipient),
        subject: (m.subject as string | null) ?? null,
        status: String(m.status),
        queued_at: iso(m.created_at as Date),
        sent_at: iso(m.sent_at as Date | null),
      }));
    }
    case 'sign_ins': {
      // The built-in provider's record of sign-ins (its user id is the customer's subject).
      const rows = await sql<Record<string, unknown>>`
        select s.at, pria_sign_in_step(s.success, s.reason) as result, s.ip, s.user_agent
        from idp_sign_in_events s, customers c
        where c.id = ${customerId} and s.user_id = c.subject
        order by s.at, s.id`.execute(db);
      return rows.rows.map((s) => ({
        at: iso(s.at as Date),
        result: String(s.result),
        ip_address: (s.ip as string | null) ?? null,
        browser: (s.user_agent as string | null) ?? null,
      }));
    }
    case 'notification_settings': {
      const p = await db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return [
        {
          email: (p?.for_email ?? ['payin', 'payout', 'subscription']).join(' '),
          sms: (p?.for_sms ?? []).join(' '),
          push: (p?.for_push ?? []).join(' '),
          updated_at: iso(p?.updated_at),
        },
      ];
    }
    case 'push_devices': {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['device', 'created_at', 'last_sent_at'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .execute();
      return rows.map((d) => ({
        device: d.device,
        added_at: iso(d.created_at),
        last_notification_at: iso(d.last_sent_at),
      }));
    }
    case 'consents': {
      const rows = await sql<Record<string, unknown>>`
        select r.document, r.version, r.context, r.accepted_at, r.ip, r.user_agent, k.brand, k.last_four
        from consent_records r join customers c on c.issuer = r.issuer and c.subject = r.subject
        left join cards k on k.id = r.card_id
        where c.id = ${customerId} order by r.accepted_at, r.id`.execute(db);
      return rows.rows.map((r) => ({
        document: String(r.document),
        version: String(r.version),
        where_given: String(r.context),
        card: r.brand ? cardName({ brand: String(r.brand), lastFour: String(r.last_four) }) : null,
        accepted_at: iso(r.accepted_at as Date),
        ip_address: (r.ip as string | null) ?? null,
        browser: (r.user_agent as string | null) ?? null,
      }));
    }
  }
}
