import type { CardBrand, Cents } from '@pria/contracts';
import type { JWK } from 'jose';

/**
 * The payment processor as Pria's code sees it. Adapters: the simulator (default) and, later,
 * CyberSource. Every money call carries OUR reference, which the processor keeps unique: the
 * same reference sent twice never moves money twice, it returns the first outcome.
 *
 * NOTE on timeouts: a call that does not answer in time throws GatewayTimeout. The money may
 * or may not have moved. The caller records the attempt as `unknown` and resolves it with
 * lookup(reference), never by sending again.
 */
export interface PaymentGateway {
  /** Stored beside each instrument id so we know which processor issued it. */
  readonly name: string;

  /** The key the browser encrypts `{ number, cvc }` to (a compact JWE, RSA-OAEP-256 + A256GCM). */
  publicKey(): Promise<JWK>;

  /**
   * Registers a card (a $0 account verification). The same reference twice returns the same
   * instrument. Throws GatewayDeclined (the issuer said no), GatewayInvalidCard (the number,
   * brand, expiry or CVC cannot be a usable Visa/Mastercard), GatewayTimeout or GatewayError.
   */
  createInstrument(input: CreateInstrumentInput): Promise<Instrument>;

  /** New expiry and billing address (the number cannot change). Throws GatewayError if unknown. */
  updateInstrument(instrumentId: string, input: UpdateInstrumentInput): Promise<void>;

  /** Removes the instrument at the processor. Idempotent: deleting twice is fine. */
  deleteInstrument(instrumentId: string): Promise<void>;

  /** A sale (authorize + capture) on an instrument. A decline is an outcome, not an error. */
  charge(input: ChargeInput): Promise<ChargeOutcome>;

  /** Pushes money back to the card (a credit). */
  payout(input: PayoutInput): Promise<PayoutOutcome>;

  /**
   * Refunds part or all of a captured charge to the card it was charged on. The same reference
   * twice refunds once. A refund the processor refuses (more than is left, not captured) is an
   * outcome, not an error.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;

  /**
   * Dispute (chargeback) events since `cursor` (null: from the start), oldest first, with the
   * cursor to pass next time. A processor that pushes disputes instead (CyberSource's signed
   * notifications) answers none here.
   */
  disputeEvents(cursor: string | null): Promise<{ events: DisputeEvent[]; cursor: string | null }>;

  /**
   * The outcome of an earlier charge or payout with this reference, or null if never seen.
   * NOTE: the money engine reads null as "never received" only for a call older than the
   * processor's search lag (BILLING_LOOKUP_LAG_SECONDS), which must exceed the adapter's HTTP
   * timeout, so no request of ours can still be in flight; it then sends the call again with
   * the SAME reference (ADR 7: sending what the processor never received is the first try).
   */
  lookup(reference: string): Promise<LookupResult | null>;
}

export interface BillingAddress {
  address1: string;
  address2: string | null;
  locality: string;
  administrativeArea: string;
  country: 'US';
  postalCode: string;
}

export interface CreateInstrumentInput {
  /** Our idempotency key, e.g. `card:<card id>`. */
  reference: string;
  /** Compact JWE of JSON `{ number, cvc }` to publicKey(); opaque to us. */
  encryptedCard: string;
  expirationMonth: number;
  expirationYear: number;
  name: string;
  billingAddress: BillingAddress;
}

export interface Instrument {
  instrumentId: string;
  brand: CardBrand;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  /**
   * The processor's name for the card number, the same for every registration of the same number
   * (CyberSource's instrument identifier, the simulator's keyed hash); never the number itself.
   * Null when the processor does not say.
   */
  fingerprint: string | null;
}

export interface UpdateInstrumentInput {
  expirationMonth: number;
  expirationYear: number;
  billingAddress: BillingAddress;
}

export interface ChargeInput {
  /** Our idempotency key, e.g. `payin:<card id>:<period>`. */
  reference: string;
  instrumentId: string;
  amountCents: Cents;
  /** Shown on the statement. */
  description: string;
  /** 'customer' when the customer is present (checkout); 'merchant' for scheduled charges. */
  initiator: 'customer' | 'merchant';
  /** Where the hosted authentication page sends the customer back to, when one is needed. */
  returnUrl?: string;
}

export type ChargeOutcome =
  | { status: 'captured'; gatewayTransactionId: string }
  | { status: 'declined'; reason: string; gatewayTransactionId: string }
  | { status: 'requires_authentication'; sessionUrl: string; gatewayTransactionId: string };

export interface PayoutInput {
  /** Our idempotency key, e.g. `payout:<capture id>`. */
  reference: string;
  instrumentId: string;
  amountCents: Cents;
}

/**
 * `failed`: this try did not pay (the issuer or the processor said no for now); a later try may.
 * `returned`: the card cannot take the credit (closed or replaced account); trying it again is
 * pointless, so the pay-back waits for staff to send it elsewhere.
 */
export type PayoutOutcome =
  | { status: 'paid'; gatewayTransactionId: string }
  | { status: 'failed'; reason: string; gatewayTransactionId: string }
  | { status: 'returned'; reason: string; gatewayTransactionId: string };

export interface RefundInput {
  /** Our idempotency key: `refund:<refund id>`. */
  reference: string;
  /** The charge being refunded: our reference and the processor's id for it. */
  chargeReference: string;
  chargeTransactionId: string | null;
  amountCents: Cents;
}

export type RefundOutcome =
  | { status: 'refunded'; gatewayTransactionId: string }
  | { status: 'failed'; reason: string; gatewayTransactionId: string };

/** A dispute as the processor reports it: opened, then won or lost by the merchant. */
export interface DisputeEvent {
  disputeId: string;
  /** Our reference of the disputed charge. */
  chargeReference: string;
  amountCents: Cents;
  status: 'open' | 'won' | 'lost';
  reason: string | null;
  at: Date;
}

export type LookupResult =
  | ({ kind: 'charge'; amountCents: Cents; instrumentId: string } & ChargeOutcome)
  | ({ kind: 'payout'; amountCents: Cents; instrumentId: string } & PayoutOutcome)
  | ({ kind: 'refund'; amountCents: Cents; instrumentId: string } & RefundOutcome);

/** The issuer refused the card or the verification; `reason` is safe to show the customer. */
export class GatewayDeclined extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'GatewayDeclined';
    this.reason = reason;
  }
}

/** The card data cannot be a usable card (bad number, unsupported brand, expired, bad CVC). */
export class GatewayInvalidCard extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'GatewayInvalidCard';
    this.reason = reason;
  }
}

/** No answer in time: the outcome is unknown; resolve it with lookup(reference). */
export class GatewayTimeout extends Error {
  readonly reference: string | undefined;
  constructor(reference?: string) {
    super(`payment gateway timed out${reference ? ` (reference ${reference})` : ''}`);
    this.name = 'GatewayTimeout';
    this.reference = reference;
  }
}

/** The processor refused the request itself (unknown instrument, malformed input, outage). */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * Amounts sent to a processor are positive whole cents. NOTE: Cents itself allows zero and
 * negatives (ledger corrections); a gateway call with either is a bug, so it fails loudly.
 */
export function assertPositiveCents(amount: number): asserts amount is Cents {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`a gateway amount must be a positive whole number of cents, got ${amount}`);
  }
}
