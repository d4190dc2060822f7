// biome-ignore-all lint/suspicious/noExplicitAny: a test stand-in reading and echoing the processor's JSON
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StandInKeys, verifyRequest } from './stand-in-auth.ts';
import { captureContextJwt, type MicroformSession, serveMicroform } from './stand-in-microform.ts';

/**
 * TEST UTILITY: a local stand-in for CyberSource REST, holding its state in memory. It checks
 * every HTTP signature (401 on any mismatch) and answers the response shapes the adapter reads.
 * Card behaviours follow the simulator's test cards; amount $5.02 answers 502 SYSTEM_ERROR (nothing
 * happened), $5.04 captures and then answers 502 SERVER_TIMEOUT.
 */
export interface StandIn extends StandInKeys {
  url: string;
  /** Every authentic request, in order (the adapter's bodies, for assertions). */
  received: { method: string; path: string; body: any }[];
  /** Requests refused with 401, and why. */
  rejected: string[];
  transactions: StandInTx[];
  instruments: Map<string, any>;
  /** 3-D Secure step-ups a browser posted to `stepUpUrl`, and whether the access token was the one issued. */
  stepUps: { transactionId: string; accessTokenMatched: boolean }[];
  /** What Microform would hand the browser after the customer typed this card. */
  transientToken(number: string): string;
  close(): Promise<void>;
}

export interface StandInTx {
  id: string;
  code: string;
  kind: 'charge' | 'payout' | 'verification' | 'refund';
  instrumentId: string;
  totalAmount: string;
  status: string;
  reason?: string;
  /** Refunds: the sale they refund. */
  captureId?: string;
}

type Behaviour = 'ok' | 'decline_registration' | 'insufficient_funds' | 'expired_card' | 'slow' | '3ds';
const behaviours: Record<string, Behaviour> = {
  '4000000000000002': 'decline_registration',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'slow',
  '4000002760003184': '3ds',
};
const cardType = (n: string) =>
  n.startsWith('4') ? '001' : /^5[1-5]/.test(n) ? '002' : n.startsWith('3') ? '003' : '004';
const id = (bytes = 11) => randomBytes(bytes).toString('hex').toUpperCase();
const reasonCodeOf: Record<string, string> = {
  INSUFFICIENT_FUND: '204',
  EXPIRED_CARD: '202',
  PROCESSOR_DECLINED: '203',
  INVALID_ACCOUNT: '231',
};

export async function startStandIn(opts: Partial<StandInKeys> & { slowMs?: number } = {}): Promise<StandIn> {
  const keys: StandInKeys = {
    merchantId: opts.merchantId ?? 'pria_test',
    keyId: opts.keyId ?? '08c94330-f618-42a3-b09d-e1e43be5efda',
    sharedSecret: opts.sharedSecret ?? randomBytes(32).toString('base64'),
  };
  const tokens = new Map<string, string>();
  const identifiers = new Map<string, any>();
  const usedTransactionIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const sessions = new Map<string, MicroformSession>();
  /** Pending 3-D Secure authentications: the access token issued and where the issuer returns to. */
  const challenges = new Map<
    string,
    { accessToken: string; returnUrl?: string; authenticationTransactionId: string; steppedUp: boolean }
  >();
  const state = {
    received: [] as StandIn['received'],
    rejected: [] as string[],
    transactions: [] as StandInTx[],
    instruments: new Map<string, any>(),
    stepUps: [] as StandIn['stepUps'],
  };
  const microform = {
    get url() {
      return url;
    },
    sessions,
    transientToken: (number: string) => transientToken(number),
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    // What a browser calls (Microform's library, fields and tokens; the issuer's step-up page)
    // carries no merchant signature, as at CyberSource.
    const browserPath = String(req.url).split('?')[0] ?? '';
    if (await serveMicroform(req, res, browserPath, raw, microform)) return;
    const stepUp = req.method === 'POST' && browserPath.match(/^\/stepup\/([\w-]+)$/);
    if (stepUp) return issuerPage(res, String(stepUp[1]), new URLSearchParams(raw.toString('utf8')));
    const why = verifyRequest(req, raw, keys, new Date());
    if (why) {
      state.rejected.push(why);
      return send(res, 401, { response: { rmsg: 'Authentication Failed' } });
    }
    const body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    const path = String(req.url).split('?')[0] ?? '';
    state.received.push({ method: String(req.method), path, body });
    route(req, res, path, body);
  });

  function route(req: IncomingMessage, res: ServerResponse, path: string, body: any) {
    const m = `${req.method} ${path}`;
    if (m === 'POST /microform/v2/sessions') {
      res.writeHead(201, { 'content-type': 'application/jwt' }).end(captureContextJwt(microform, body));
      return;
    }
    if (m === 'POST /pts/v2/payments') return payments(res, body);
    if (m === 'POST /pts/v2/payouts') return payouts(res, body);
    if (m === 'POST /tss/v2/searches') return search(res, body);
    const refund = req.method === 'POST' && path.match(/^\/pts\/v2\/payments\/([^/]+)\/refunds$/);
    if (refund) return refunds(res, decodeURIComponent(String(refund[1])), body);
    const pi = path.match(/^\/tms\/v1\/paymentinstruments\/([^/]+)$/);
    if (pi) return instrument(req, res, decodeURIComponent(String(pi[1])), body);
    const ii = path.match(/^\/tms\/v1\/instrumentidentifiers\/([^/]+)$/);
    if (ii && req.method === 'PATCH') {
      const found = identifiers.get(decodeURIComponent(String(ii[1])));
      if (!found) return notFound(res);
      found.processingInformation = body.processingInformation;
      return send(res, 200, found);
    }
    send(res, 404, { message: 'no such resource' });
  }

  function duplicate(res: ServerResponse, body: any): boolean {
    const tid = body.clientReferenceInformation?.transactionId;
    if (!tid) return false;
    if (usedTransactionIds.has(tid)) {
      send(res, 400, {
        status: 'INVALID_REQUEST',
        reason: 'DUPLICATE_REQUEST',
        message:
          'Declined - The transaction identifier sent with this request has already been used in the last 60 days',
      });
      return true;
    }
    usedTransactionIds.add(tid);
    return false;
  }

  function payments(res: ServerResponse, body: any) {
    const code = body.clientReferenceInformation?.code;
    const totalAmount = body.orderInformation?.amountDetails?.totalAmount;
    if (totalAmount === '5.02')
      return send(res, 502, {
        status: 'SERVER_ERROR',
        reason: 'SYSTEM_ERROR',
        message: 'Error - General system failure.',
      });
    if (duplicate(res, body)) return;
    const txId = id();
    if (body.tokenInformation?.transientTokenJwt !== undefined) {
      const number = tokens.get(body.tokenInformation.transientTokenJwt);
      if (!number)
        return send(res, 400, {
          status: 'INVALID_REQUEST',
          reason: 'INVALID_DATA',
          message: 'Declined - One or more fields in the request contains invalid data',
        });
      if (behaviours[number] === 'decline_registration')
        return decline(res, txId, code, 'verification', '', totalAmount, 'PROCESSOR_DECLINED');
      // Like TMS: one instrument identifier per card number, however often it is tokenized.
      const ident = [...identifiers.values()].find((i) => i.number === number) ?? {
        id: id(16),
        object: 'instrumentIdentifier',
        card: { number: `${number.slice(0, 6)}XXXXXX${number.slice(-4)}` },
        number,
      };
      identifiers.set(ident.id, ident);
      const inst = {
        id: id(16),
        object: 'paymentInstrument',
        card: { ...body.paymentInformation.card, type: cardType(number) },
        billTo: body.orderInformation.billTo,
        instrumentIdentifier: { id: ident.id },
      };
      state.instruments.set(inst.id, inst);
      const networkTransactionId = String(Date.now()).padStart(15, '0');
      state.transactions.push({
        id: txId,
        code,
        kind: 'verification',
        instrumentId: inst.id,
        totalAmount,
        status: 'AUTHORIZED',
      });
      return send(res, 201, {
        id: txId,
        status: 'AUTHORIZED',
        clientReferenceInformation: { code },
        processorInformation: {
          transactionId: networkTransactionId,
          networkTransactionId,
          approvalCode: '831000',
        },
        tokenInformation: {
          paymentInstrument: { id: inst.id },
          instrumentIdentifier: { id: ident.id, state: 'ACTIVE' },
        },
      });
    }
    const instrumentId = body.paymentInformation?.paymentInstrument?.id;
    const inst = state.instruments.get(instrumentId);
    if (!inst)
      return send(res, 400, {
        status: 'INVALID_REQUEST',
        reason: 'INVALID_DATA',
        message:
          'Declined - One or more fields in the request contains invalid data: paymentInformation.paymentInstrument.id',
      });
    const behaviour = behaviours[identifiers.get(inst.instrumentIdentifier.id).number] ?? 'ok';
    if (behaviour === 'insufficient_funds')
      return decline(res, txId, code, 'charge', instrumentId, totalAmount, 'INSUFFICIENT_FUND');
    if (behaviour === 'expired_card')
      return decline(res, txId, code, 'charge', instrumentId, totalAmount, 'EXPIRED_CARD');
    const customer = body.processingInformation?.authorizationOptions?.initiator?.type === 'customer';
    // After the step-up: validating the authentication authorizes (and captures) the charge if
    // the customer went through the bank's page with the access token we issued.
    if (body.processingInformation?.actionList?.includes('VALIDATE_CONSUMER_AUTHENTICATION')) {
      const authId = body.consumerAuthenticationInformation?.authenticationTransactionId;
      const found = [...challenges].find(([, c]) => c.authenticationTransactionId === authId);
      // An authentication CyberSource never issued (or one already validated) is a bad request.
      if (!found)
        return send(res, 400, {
          status: 'INVALID_REQUEST',
          reason: 'INVALID_DATA',
          message: 'Declined - One or more fields in the request contains invalid data',
        });
      const [challengeId, challenge] = found;
      challenges.delete(challengeId); // one validation per step-up
      if (!challenge.steppedUp)
        return decline(
          res,
          txId,
          code,
          'charge',
          instrumentId,
          totalAmount,
          'CONSUMER_AUTHENTICATION_FAILED',
        );
      state.transactions.push({
        id: txId,
        code,
        kind: 'charge',
        instrumentId,
        totalAmount,
        status: 'AUTHORIZED',
      });
      return send(res, 201, {
        id: txId,
        status: 'AUTHORIZED',
        clientReferenceInformation: { code },
        processorInformation: { transactionId: id(15), approvalCode: '831000' },
      });
    }
    if (behaviour === '3ds' && customer) {
      state.transactions.push({
        id: txId,
        code,
        kind: 'charge',
        instrumentId,
        totalAmount,
        status: 'PENDING_AUTHENTICATION',
      });
      // The step-up JWT CyberSource hands over for the issuer's challenge (opaque to the merchant).
      const accessToken = [
        { alg: 'HS256', typ: 'JWT' },
        { jti: id(), iss: 'stand-in', txId },
      ]
        .map((p) => Buffer.from(JSON.stringify(p)).toString('base64url'))
        .concat(randomBytes(32).toString('base64url'))
        .join('.');
      const authenticationTransactionId = id(10);
      challenges.set(txId, {
        accessToken,
        returnUrl: body.consumerAuthenticationInformation?.returnUrl,
        authenticationTransactionId,
        steppedUp: false,
      });
      return send(res, 201, {
        id: txId,
        status: 'PENDING_AUTHENTICATION',
        errorInformation: { reason: 'CONSUMER_AUTHENTICATION_REQUIRED' },
        consumerAuthenticationInformation: {
          stepUpUrl: `${url}/stepup/${txId}`,
          accessToken,
          authenticationTransactionId,
        },
      });
    }
    state.transactions.push({
      id: txId,
      code,
      kind: 'charge',
      instrumentId,
      totalAmount,
      status: 'AUTHORIZED',
    });
    // $5.04: captured, then the gateway reports its own time-out (502 SERVER_TIMEOUT).
    if (totalAmount === '5.04')
      return send(res, 502, {
        status: 'SERVER_ERROR',
        reason: 'SERVER_TIMEOUT',
        message: 'Error - The request was received but there was a server timeout.',
      });
    const answer = () =>
      send(res, 201, {
        id: txId,
        status: 'AUTHORIZED',
        clientReferenceInformation: { code },
        processorInformation: { transactionId: id(7), networkTransactionId: id(7) },
        orderInformation: { amountDetails: { totalAmount, authorizedAmount: totalAmount, currency: 'USD' } },
      });
    // Slow: the money moved, but the answer comes long after the caller stopped waiting.
    if (behaviour === 'slow') {
      const t = setTimeout(() => {
        timers.delete(t);
        answer();
      }, opts.slowMs ?? 5_000);
      timers.add(t);
      return;
    }
    answer();
  }

  function decline(
    res: ServerResponse,
    txId: string,
    code: string,
    kind: StandInTx['kind'],
    instrumentId: string,
    totalAmount: string,
    reason: string,
  ) {
    state.transactions.push({ id: txId, code, kind, instrumentId, totalAmount, status: 'DECLINED', reason });
    send(res, 201, {
      id: txId,
      status: 'DECLINED',
      clientReferenceInformation: { code },
      errorInformation: { reason, message: `Decline - ${reason}` },
    });
  }

  function payouts(res: ServerResponse, body: any) {
    if (duplicate(res, body)) return;
    const code = body.clientReferenceInformation?.code;
    const instrumentId = body.paymentInformation?.paymentInstrument?.id;
    const totalAmount = body.orderInformation?.amountDetails?.totalAmount;
    const txId = id();
    if (!state.instruments.has(instrumentId))
      return decline(res, txId, code, 'payout', instrumentId, totalAmount, 'INVALID_ACCOUNT');
    state.transactions.push({
      id: txId,
      code,
      kind: 'payout',
      instrumentId,
      totalAmount,
      status: 'ACCEPTED',
    });
    send(res, 201, {
      id: txId,
      status: 'ACCEPTED',
      clientReferenceInformation: { code },
      orderInformation: { amountDetails: { totalAmount, currency: 'USD' } },
    });
  }

  /** A refund of a captured sale: PENDING (settles in the batch), at most what is left of it. */
  function refunds(res: ServerResponse, captureId: string, body: any) {
    if (duplicate(res, body)) return;
    const code = body.clientReferenceInformation?.code;
    const totalAmount = String(body.orderInformation?.amountDetails?.totalAmount);
    const sale = state.transactions.find((t) => t.id === captureId && t.kind === 'charge');
    if (sale?.status !== 'AUTHORIZED')
      return send(res, 404, { status: 'INVALID_REQUEST', reason: 'NOT_FOUND', message: 'Capture not found' });
    const refunded = state.transactions
      .filter((t) => t.kind === 'refund' && t.status === 'PENDING' && t.captureId === captureId)
      .reduce((n, t) => n + Math.round(Number(t.totalAmount) * 100), 0);
    const txId = id();
    if (refunded + Math.round(Number(totalAmount) * 100) > Math.round(Number(sale.totalAmount) * 100)) {
      return send(res, 400, {
        id: txId,
        status: 'INVALID_REQUEST',
        reason: 'EXCEEDS_AUTH_AMOUNT',
        message: 'Declined - The requested amount exceeds the originally authorized amount',
      });
    }
    state.transactions.push({
      id: txId,
      code,
      kind: 'refund',
      instrumentId: sale.instrumentId,
      totalAmount,
      status: 'PENDING',
      captureId,
    });
    send(res, 201, {
      id: txId,
      status: 'PENDING',
      clientReferenceInformation: { code },
      refundAmountDetails: { refundAmount: totalAmount, currency: 'USD' },
    });
  }

  function search(res: ServerResponse, body: any) {
    const match = String(body.query).match(
      /^clientReferenceInformation\.code:(?:"((?:[^"\\]|\\.)*)"|(\S+))$/,
    );
    const code = match ? (match[1] ?? '').replace(/\\(.)/g, '$1') || match[2] : null;
    const found = state.transactions.filter((t) => t.code === code && t.kind !== 'verification');
    send(res, 201, {
      id: id(),
      save: false,
      name: body.name,
      query: body.query,
      count: found.length,
      totalCount: found.length,
      _embedded: { transactionSummaries: found.map(summary) },
    });
  }

  function summary(t: StandInTx) {
    const ok = t.status === 'AUTHORIZED' || t.status === 'ACCEPTED' || t.status === 'PENDING';
    const reasonCode = ok
      ? '100'
      : t.status === 'PENDING_AUTHENTICATION'
        ? '475'
        : (reasonCodeOf[t.reason ?? ''] ?? '233');
    const applications =
      t.kind === 'payout'
        ? [{ name: 'ics_oct', rCode: ok ? '1' : '0', reasonCode }]
        : t.kind === 'refund'
          ? [{ name: 'ics_credit', rCode: ok ? '1' : '0', reasonCode }]
          : [
              ...(t.status === 'PENDING_AUTHENTICATION'
                ? [{ name: 'ics_pa_enroll', rCode: '0', reasonCode: '475' }]
                : []),
              { name: 'ics_auth', rCode: ok ? '1' : '0', reasonCode },
              ...(ok ? [{ name: 'ics_bill', rCode: '1', reasonCode: '100' }] : []),
            ];
    return {
      id: t.id,
      submitTimeUtc: new Date().toISOString(),
      merchantId: keys.merchantId,
      clientReferenceInformation: { code: t.code },
      applicationInformation: { reasonCode, rCode: ok ? '1' : '0', applications },
      orderInformation: { amountDetails: { totalAmount: t.totalAmount, currency: 'USD' } },
      paymentInformation: { paymentInstrument: { id: t.instrumentId } },
    };
  }

  function instrument(req: IncomingMessage, res: ServerResponse, instrumentId: string, body: any) {
    const inst = state.instruments.get(instrumentId);
    if (!inst) return notFound(res);
    if (req.method === 'DELETE') {
      state.instruments.delete(instrumentId);
      return send(res, 204);
    }
    if (req.method === 'PATCH') {
      inst.card = { ...inst.card, ...body.card };
      inst.billTo = body.billTo ?? inst.billTo;
    }
    const { number: _secret, ...ident } = identifiers.get(inst.instrumentIdentifier.id);
    send(res, 200, { ...inst, _embedded: { instrumentIdentifier: ident } });
  }

  const notFound = (res: ServerResponse) =>
    send(res, 404, { errors: [{ type: 'notFound', message: 'Token not found' }] });

  /**
   * The issuer's challenge page a step-up form posts `JWT` to. NOTE: like the real thing it does
   * not settle the payment (the merchant must validate the authentication afterwards); it only
   * records what arrived and offers the way back to the merchant's return URL.
   */
  function issuerPage(res: ServerResponse, transactionId: string, form: URLSearchParams) {
    const challenge = challenges.get(transactionId);
    if (!challenge)
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown transaction');
    const matched = form.get('JWT') === challenge.accessToken;
    state.stepUps.push({ transactionId, accessTokenMatched: matched });
    if (matched) challenge.steppedUp = true;
    const back = challenge.returnUrl
      ? `<form method="post" action="${challenge.returnUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">
<input type="hidden" name="TransactionId" value="${challenge.authenticationTransactionId}"><button type="submit">Return to the merchant</button></form>`
      : '';
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in issuer</title></head>
<body><h1>Stand-in issuer: verify your payment</h1>${back}</body></html>`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  function transientToken(number: string) {
    const jti = id(32);
    const payload = {
      iss: 'Flex/08',
      jti,
      content: {
        paymentInformation: { card: { number: { maskedValue: `XXXXXXXXXXXX${number.slice(-4)}` } } },
      },
    };
    const jwt = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
    tokens.set(jwt, number);
    return jwt;
  }

  return Object.assign(state, keys, {
    url,
    transientToken,
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

function send(res: ServerResponse, status: number, body?: unknown) {
  if (res.writableEnded || res.destroyed) return;
  if (body === undefined) return void res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/hal+json' }).end(JSON.stringify(body));
}
