import { createHash } from 'node:crypto';
import { type Cents, isExpiryPast, messages } from '@pria/contracts';
import type { JWK } from 'jose';
import {
  assertPositiveCents,
  type BillingAddress,
  type ChargeInput,
  type ChargeOutcome,
  type CreateInstrumentInput,
  type DisputeEvent,
  GatewayDeclined,
  GatewayError,
  GatewayInvalidCard,
  GatewayTimeout,
  type Instrument,
  type LookupResult,
  type PaymentGateway,
  type PayoutInput,
  type PayoutOutcome,
  type RefundInput,
  type RefundOutcome,
  type UpdateInstrumentInput,
} from '../port.ts';
import { type CsResponse, type CybersourceCredentials, csRequest } from './cybersource-http.ts';
import {
  brandOf,
  chargeOutcomeOf,
  lookupResultOf,
  payoutOutcomeOf,
  refundOutcomeOf,
  usd,
} from './cybersource-outcomes.ts';
import {
  openCharge,
  openStepUp,
  type StepUp,
  sealCharge,
  sealStepUp,
  stepUpKey,
  stepUpPagePath,
} from './step-up-token.ts';

export interface CybersourceOptions extends CybersourceCredentials {
  /** Origins allowed to host Microform (the capture context's targetOrigins), e.g. PUBLIC_URL. */
  targetOrigins?: string[];
  /**
   * Our public URL (PUBLIC_URL): 3-D Secure step-ups go through our page there (it posts the
   * access token to the issuer) and come back through it. Unset: the raw step-up URL.
   */
  publicUrl?: string;
  now?: () => Date;
}

/** Reasons a registration ($0 verification) is refused because the card data is unusable. */
const invalidCardReasons: Record<string, string> = {
  EXPIRED_CARD: 'The card has expired',
  INVALID_ACCOUNT: messages.invalidCardNumber,
  CVN_NOT_MATCH: messages.invalidCvc,
};
const cacheLimit = 10_000;

/**
 * The PaymentGateway port on CyberSource REST (HTTP Signature auth). Cards arrive as Microform
 * transient tokens; registration is a $0 customer-initiated authorization that also creates the
 * TMS payment instrument; charges are sales on that instrument; payouts are original credits;
 * lookup is a transaction search on our reference. See README.md for the shapes assumed.
 */
export class CybersourceGateway implements PaymentGateway {
  readonly name = 'cybersource';
  private readonly creds: CybersourceCredentials;
  private readonly targetOrigins: string[];
  private readonly publicUrl: string | undefined;
  private readonly stepUpKey: Buffer;
  /**
   * Outcomes of step-up validations made by this process, by reference, so lookup() knows them
   * before transaction search has indexed them (bounded; other nodes ask the search).
   */
  private readonly validated = new Map<string, LookupResult>();
  private readonly now: () => Date;
  /**
   * instrument id -> network transaction id of its first (customer-initiated) authorization, the
   * `previousTransactionId` every merchant-initiated charge must quote. NOTE: only a cache: the
   * id is also written to the TMS instrument identifier, so any node can read it back.
   */
  private readonly networkIds = new Map<string, string>();

  constructor(opts: CybersourceOptions) {
    this.creds = { ...opts, baseUrl: opts.baseUrl.replace(/\/$/, '') };
    this.targetOrigins = opts.targetOrigins ?? [];
    this.publicUrl = opts.publicUrl?.replace(/\/$/, '');
    this.stepUpKey = stepUpKey(opts.sharedSecret);
    this.now = opts.now ?? (() => new Date());
  }

  /** Nothing to release (fetch keeps no pool we own); here for parity with the simulator. */
  async close(): Promise<void> {}

  /**
   * NOTE: CyberSource never sees our JWE: the browser types the card into Microform's hosted
   * fields and we receive a transient token. Use captureContext() to start Microform instead.
   */
  async publicKey(): Promise<JWK> {
    throw new GatewayError('CyberSource uses Microform hosted fields: ask captureContext(), not publicKey()');
  }

  /** A Microform capture context (a signed JWT) for the browser, limited to Visa and Mastercard. */
  async captureContext(): Promise<string> {
    const res = await csRequest(this.creds, 'POST', '/microform/v2/sessions', {
      clientVersion: 'v2',
      targetOrigins: this.targetOrigins,
      allowedCardNetworks: ['VISA', 'MASTERCARD'],
      allowedPaymentTypes: ['CARD'],
    });
    if (res.status !== 201 && res.status !== 200) throw refused('capture context', res);
    return res.text.trim();
  }

  /** `encryptedCard` carries the Microform transient token JWT when this adapter is configured. */
  async createInstrument(input: CreateInstrumentInput): Promise<Instrument> {
    if (isExpiryPast(input.expirationMonth, input.expirationYear, this.now()))
      throw new GatewayInvalidCard('The card has expired');
    const res = await csRequest(
      this.creds,
      'POST',
      '/pts/v2/payments',
      {
        clientReferenceInformation: {
          code: input.reference,
          transactionId: merchantTransactionId(input.reference),
        },
        processingInformation: {
          capture: false,
          commerceIndicator: 'internet',
          actionList: ['TOKEN_CREATE'],
          actionTokenTypes: ['instrumentIdentifier', 'paymentInstrument'],
          // The first transaction of a stored credential: later merchant charges refer to it.
          authorizationOptions: { initiator: { type: 'customer', credentialStoredOnFile: true } },
        },
        tokenInformation: { transientTokenJwt: input.encryptedCard },
        paymentInformation: { card: cardExpiry(input) },
        orderInformation: {
          amountDetails: { totalAmount: '0.00', currency: 'USD' },
          billTo: billTo(input.billingAddress, input.name),
        },
      },
      { reference: input.reference },
    );
    const { status, body } = res;
    if (status === 400 && body?.reason === 'INVALID_DATA')
      throw new GatewayInvalidCard('The card data could not be read');
    if (status !== 201) throw refused('card registration', res);
    if (body.status === 'DECLINED') {
      const reason = String(body.errorInformation?.reason ?? '');
      if (invalidCardReasons[reason]) throw new GatewayInvalidCard(invalidCardReasons[reason]);
      throw new GatewayDeclined(messages.cardDeclined);
    }
    const instrumentId = body.tokenInformation?.paymentInstrument?.id;
    if (body.status !== 'AUTHORIZED' || !instrumentId) throw new GatewayTimeout(input.reference);

    const stored = await this.readInstrument(instrumentId);
    const brand = brandOf(stored.card?.type);
    if (!brand) {
      await this.deleteInstrument(instrumentId).catch(() => {});
      throw new GatewayInvalidCard(messages.cardBrandNotAccepted);
    }
    const networkId =
      body.processorInformation?.networkTransactionId ?? body.processorInformation?.transactionId;
    if (networkId) await this.rememberNetworkId(instrumentId, stored, String(networkId));
    const masked = String(stored._embedded?.instrumentIdentifier?.card?.number ?? '');
    return {
      instrumentId,
      brand,
      lastFour: masked.slice(-4),
      expirationMonth: input.expirationMonth,
      expirationYear: input.expirationYear,
      // TMS keeps one instrument identifier per card number.
      fingerprint:
        String(stored._embedded?.instrumentIdentifier?.id ?? stored.instrumentIdentifier?.id ?? '') || null,
    };
  }

  async updateInstrument(instrumentId: string, input: UpdateInstrumentInput): Promise<void> {
    const res = await csRequest(
      this.creds,
      'PATCH',
      `/tms/v1/paymentinstruments/${encodeURIComponent(instrumentId)}`,
      {
        card: cardExpiry(input),
        billTo: billTo(input.billingAddress),
      },
    );
    if (res.status === 404) throw new GatewayError('Instrument not found');
    if (res.status !== 200) throw refused('instrument update', res);
  }

  async deleteInstrument(instrumentId: string): Promise<void> {
    const res = await csRequest(
      this.creds,
      'DELETE',
      `/tms/v1/paymentinstruments/${encodeURIComponent(instrumentId)}`,
    );
    this.networkIds.delete(instrumentId);
    // Already gone is fine: deleting twice is not an error.
    if (res.status !== 204 && res.status !== 200 && res.status !== 404)
      throw refused('instrument delete', res);
  }

  async charge(input: ChargeInput): Promise<ChargeOutcome> {
    assertPositiveCents(input.amountCents);
    const mit = input.initiator === 'merchant';
    const previousTransactionId = mit ? await this.previousTransactionId(input.instrumentId) : undefined;
    const initiator = mit
      ? {
          type: 'merchant',
          storedCredentialUsed: true,
          merchantInitiatedTransaction: previousTransactionId ? { previousTransactionId } : {},
        }
      : { type: 'customer', storedCredentialUsed: true };
    const res = await csRequest(
      this.creds,
      'POST',
      '/pts/v2/payments',
      {
        clientReferenceInformation: {
          code: input.reference,
          transactionId: merchantTransactionId(input.reference),
          comments: input.description,
        },
        processingInformation: {
          capture: true,
          commerceIndicator: mit ? 'recurring' : 'internet',
          authorizationOptions: { initiator },
        },
        paymentInformation: { paymentInstrument: { id: input.instrumentId } },
        orderInformation: { amountDetails: { totalAmount: usd(input.amountCents), currency: 'USD' } },
        ...(!mit && input.returnUrl
          ? { consumerAuthenticationInformation: { returnUrl: this.stepUpReturnUrl(input.returnUrl, input) } }
          : {}),
      },
      { reference: input.reference },
    );
    if (res.status === 201) {
      const outcome = chargeOutcomeOf(res.body);
      // An answer we cannot read is not proof that nothing happened: settle it by lookup.
      if (!outcome) throw new GatewayTimeout(input.reference);
      if (outcome.status !== 'requires_authentication') return outcome;
      return { ...outcome, sessionUrl: this.stepUpPage(res.body) ?? outcome.sessionUrl };
    }
    return (await this.replayDuplicate(input.reference, 'charge', res)) as ChargeOutcome;
  }

  async payout(input: PayoutInput): Promise<PayoutOutcome> {
    assertPositiveCents(input.amountCents);
    const res = await csRequest(
      this.creds,
      'POST',
      '/pts/v2/payouts',
      {
        clientReferenceInformation: {
          code: input.reference,
          transactionId: merchantTransactionId(input.reference),
        },
        // FD: funds disbursement, the merchant pushing money to its customer's card.
        processingInformation: { businessApplicationId: 'FD', commerceIndicator: 'internet' },
        paymentInformation: { paymentInstrument: { id: input.instrumentId } },
        orderInformation: { amountDetails: { totalAmount: usd(input.amountCents), currency: 'USD' } },
      },
      { reference: input.reference },
    );
    if (res.status === 201) {
      const outcome = payoutOutcomeOf(res.body);
      if (!outcome) throw new GatewayTimeout(input.reference);
      return outcome;
    }
    return (await this.replayDuplicate(input.reference, 'payout', res)) as PayoutOutcome;
  }

  /**
   * `POST /pts/v2/payments/{id}/refunds` on the captured charge's transaction id. CyberSource
   * accepts a refund as PENDING (it settles with the day's batch): we count it refunded then.
   */
  async refund(input: RefundInput): Promise<RefundOutcome> {
    assertPositiveCents(input.amountCents);
    if (!input.chargeTransactionId) {
      return {
        status: 'failed',
        reason: 'The charge has no processor transaction id',
        gatewayTransactionId: '',
      };
    }
    const res = await csRequest(
      this.creds,
      'POST',
      `/pts/v2/payments/${encodeURIComponent(input.chargeTransactionId)}/refunds`,
      {
        clientReferenceInformation: {
          code: input.reference,
          transactionId: merchantTransactionId(input.reference),
        },
        orderInformation: { amountDetails: { totalAmount: usd(input.amountCents), currency: 'USD' } },
      },
      { reference: input.reference },
    );
    if (res.status === 201) {
      const outcome = refundOutcomeOf(res.body);
      if (!outcome) throw new GatewayTimeout(input.reference);
      return outcome;
    }
    if (res.status === 400 && res.body?.reason !== 'DUPLICATE_REQUEST') {
      return {
        status: 'failed',
        reason: String(res.body?.message ?? res.body?.reason ?? 'Refund refused'),
        gatewayTransactionId: String(res.body?.id ?? ''),
      };
    }
    return (await this.replayDuplicate(input.reference, 'refund', res)) as RefundOutcome;
  }

  /** CyberSource pushes disputes as signed notifications (see dispute-notifications.ts): none to poll. */
  async disputeEvents(cursor: string | null): Promise<{ events: DisputeEvent[]; cursor: string | null }> {
    return { events: [], cursor };
  }

  /**
   * NOTE: transaction search is indexed asynchronously at CyberSource (it can lag by minutes), so
   * `null` right after a call means "not indexed yet" as much as "never received": callers read
   * it as "never received" only for calls older than BILLING_LOOKUP_LAG_SECONDS.
   */
  async lookup(reference: string): Promise<LookupResult | null> {
    const known = this.validated.get(reference);
    if (known) return known;
    const res = await csRequest(this.creds, 'POST', '/tss/v2/searches', {
      save: false,
      name: 'pria-lookup',
      timezone: 'UTC',
      query: `clientReferenceInformation.code:"${reference.replace(/["\\]/g, '\\$&')}"`,
      offset: 0,
      limit: 20,
      sort: 'submitTimeUtc:asc',
    });
    if (res.status !== 201 && res.status !== 200) throw refused('transaction search', res);
    const summaries: unknown[] = res.body?._embedded?.transactionSummaries ?? [];
    const results = summaries.map(lookupResultOf).filter((r): r is LookupResult => r !== null);
    // A charge that needed the customer's bank has two transactions under our reference: the one
    // that asked for authentication, then the validated authorization. The final one decides.
    return results.find((r) => r.status !== 'requires_authentication') ?? results[0] ?? null;
  }

  /**
   * After the customer's bank step-up: the authorization that validates it (CyberSource's
   * VALIDATE_CONSUMER_AUTHENTICATION), for the charge sealed in our return URL. Null when the
   * seal is not ours or expired. The outcome is then what lookup(reference) answers.
   */
  async completeStepUp(
    sealedCharge: string,
    authenticationTransactionId: string,
  ): Promise<ChargeOutcome | null> {
    const charge = openCharge(sealedCharge, this.stepUpKey, this.now());
    if (!charge) return null;
    // Its own duplicate key (the first call's would be refused), per authentication: the same
    // return posted twice is refused as a duplicate instead of validated twice.
    const validation = `${charge.reference}:validate:${authenticationTransactionId}`;
    const res = await csRequest(
      this.creds,
      'POST',
      '/pts/v2/payments',
      {
        clientReferenceInformation: {
          code: charge.reference,
          transactionId: merchantTransactionId(validation),
        },
        processingInformation: {
          capture: true,
          commerceIndicator: 'internet',
          actionList: ['VALIDATE_CONSUMER_AUTHENTICATION'],
          authorizationOptions: { initiator: { type: 'customer', storedCredentialUsed: true } },
        },
        paymentInformation: { paymentInstrument: { id: charge.instrumentId } },
        orderInformation: {
          amountDetails: { totalAmount: usd(charge.amountCents), currency: 'USD' },
        },
        consumerAuthenticationInformation: { authenticationTransactionId },
      },
      { reference: validation },
    );
    if (res.status !== 201) throw refused('charge', res);
    const outcome = chargeOutcomeOf(res.body);
    if (!outcome || outcome.status === 'requires_authentication') return null;
    if (this.validated.size >= 10_000) this.validated.delete(this.validated.keys().next().value as string);
    this.validated.set(charge.reference, {
      kind: 'charge',
      amountCents: charge.amountCents as Cents,
      instrumentId: charge.instrumentId,
      ...outcome,
    });
    return outcome;
  }

  /**
   * The step-up our page at `sessionUrl` posts, or null when the link is not ours, was altered
   * or has expired (see step-up-token.ts).
   */
  openStepUp(token: string): StepUp | null {
    return openStepUp(token, this.stepUpKey, this.now());
  }

  // --- internals ---

  /**
   * NOTE: the step-up is a form POST of `accessToken` to `stepUpUrl`, which a link cannot do:
   * the customer is sent to our page that does it (step-up.routes.ts), with both sealed in its URL.
   */
  // biome-ignore lint/suspicious/noExplicitAny: processor JSON
  private stepUpPage(body: any): string | null {
    const auth = body?.consumerAuthenticationInformation ?? {};
    if (!this.publicUrl || typeof auth.accessToken !== 'string' || typeof auth.stepUpUrl !== 'string')
      return null;
    const sealed = sealStepUp(
      { stepUpUrl: auth.stepUpUrl, accessToken: auth.accessToken },
      this.stepUpKey,
      this.now(),
    );
    // `token=` is a name the request log redacts.
    return `${this.publicUrl}${stepUpPagePath}?token=${sealed}`;
  }

  /**
   * The issuer returns the customer with a form POST, which our web app's pages cannot take: it
   * comes back through our return route, which sends the browser on to the page asked for.
   */
  private stepUpReturnUrl(returnUrl: string, charge: ChargeInput): string {
    if (!this.publicUrl) return returnUrl;
    const target = new URL(returnUrl);
    if (target.origin !== new URL(this.publicUrl).origin) return returnUrl;
    const sealed = sealCharge(
      { reference: charge.reference, instrumentId: charge.instrumentId, amountCents: charge.amountCents },
      this.stepUpKey,
      this.now(),
    );
    return `${this.publicUrl}${stepUpPagePath}/return?to=${encodeURIComponent(target.pathname + target.search)}&charge=${sealed}`;
  }

  /** A 400 DUPLICATE_REQUEST means this reference already ran: answer its first outcome. */
  private async replayDuplicate(reference: string, kind: 'charge' | 'payout' | 'refund', res: CsResponse) {
    if (res.status !== 400 || res.body?.reason !== 'DUPLICATE_REQUEST') {
      throw refused(kind, res);
    }
    const found = await this.lookup(reference);
    if (!found) throw new GatewayTimeout(reference);
    if (found.kind !== kind)
      throw new GatewayError(`reference ${reference} was already used for a ${found.kind}`);
    const { kind: _k, amountCents: _a, instrumentId: _i, ...outcome } = found;
    return outcome;
  }

  // biome-ignore lint/suspicious/noExplicitAny: processor JSON
  private async readInstrument(instrumentId: string): Promise<any> {
    const res = await csRequest(
      this.creds,
      'GET',
      `/tms/v1/paymentinstruments/${encodeURIComponent(instrumentId)}`,
    );
    if (res.status === 404) throw new GatewayError('Instrument not found');
    if (res.status !== 200) throw refused('instrument read', res);
    return res.body;
  }

  /** Caches the id and stores it on the TMS instrument identifier for every other node. */
  // biome-ignore lint/suspicious/noExplicitAny: processor JSON
  private async rememberNetworkId(instrumentId: string, stored: any, networkId: string) {
    this.cache(instrumentId, networkId);
    const identifierId = stored._embedded?.instrumentIdentifier?.id ?? stored.instrumentIdentifier?.id;
    if (!identifierId) return;
    // Best effort: without it a cold node sends merchant charges without the id (see README).
    await csRequest(
      this.creds,
      'PATCH',
      `/tms/v1/instrumentidentifiers/${encodeURIComponent(identifierId)}`,
      {
        processingInformation: {
          authorizationOptions: {
            initiator: { merchantInitiatedTransaction: { previousTransactionId: networkId } },
          },
        },
      },
    ).catch(() => {});
  }

  private async previousTransactionId(instrumentId: string): Promise<string | undefined> {
    const cached = this.networkIds.get(instrumentId);
    if (cached) return cached;
    try {
      const stored = await this.readInstrument(instrumentId);
      const id =
        stored._embedded?.instrumentIdentifier?.processingInformation?.authorizationOptions?.initiator
          ?.merchantInitiatedTransaction?.previousTransactionId;
      if (typeof id === 'string' && id) this.cache(instrumentId, id);
      return id || undefined;
    } catch {
      // The charge itself will tell whether the instrument still exists.
      return undefined;
    }
  }

  private cache(instrumentId: string, networkId: string) {
    if (this.networkIds.size >= cacheLimit) {
      const oldest = this.networkIds.keys().next().value;
      if (oldest !== undefined) this.networkIds.delete(oldest);
    }
    this.networkIds.set(instrumentId, networkId);
  }
}

export function createCybersourceGateway(opts: CybersourceOptions): CybersourceGateway {
  return new CybersourceGateway(opts);
}

/**
 * clientReferenceInformation.transactionId (30 characters at most) makes CyberSource refuse a
 * second request with the same value as DUPLICATE_REQUEST; our references are longer, so a hash.
 */
export function merchantTransactionId(reference: string): string {
  return createHash('sha256').update(reference).digest('hex').slice(0, 30);
}

function cardExpiry(input: { expirationMonth: number; expirationYear: number }) {
  return {
    expirationMonth: String(input.expirationMonth).padStart(2, '0'),
    expirationYear: String(input.expirationYear),
  };
}

function billTo(a: BillingAddress, name?: string) {
  const parts = name?.trim().split(/\s+/) ?? [];
  const lastName = parts.length > 1 ? parts.pop() : parts[0];
  return {
    ...(name ? { firstName: parts.join(' '), lastName } : {}),
    address1: a.address1,
    ...(a.address2 ? { address2: a.address2 } : {}),
    locality: a.locality,
    administrativeArea: a.administrativeArea,
    postalCode: a.postalCode,
    country: a.country,
  };
}

function refused(what: string, res: CsResponse): GatewayError {
  const reason = res.body?.reason ?? res.body?.errorInformation?.reason ?? res.body?.errors?.[0]?.type;
  const message = res.body?.message ?? res.body?.errorInformation?.message ?? res.body?.errors?.[0]?.message;
  const detail = [reason, message].filter(Boolean).join(': ');
  return new GatewayError(
    `CyberSource refused the ${what} (HTTP ${res.status}${detail ? `, ${detail}` : ''})`,
  );
}
