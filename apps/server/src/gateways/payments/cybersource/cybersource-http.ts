import { GatewayError, GatewayTimeout } from '../port.ts';
import { signRequest } from './cybersource-signer.ts';

export interface CybersourceCredentials {
  /** https://apitest.cybersource.com (sandbox) or https://api.cybersource.com. */
  baseUrl: string;
  merchantId: string;
  keyId: string;
  /** base64, as the Business Center shows it. */
  sharedSecret: string;
  /** A call that has not answered by then throws GatewayTimeout. */
  timeoutMs: number;
}

export interface CsResponse {
  status: number;
  /** The raw answer (the capture context endpoint answers a bare JWT, not JSON). */
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the processor's JSON, read field by field by the adapter
  body: any;
}

interface CallOptions {
  /** Our reference, when the call may move money: then an unknown outcome is a GatewayTimeout. */
  reference?: string;
}

/** 502 reasons that mean "received, but the answer was lost": the money may have moved. */
const unknownOutcomeReasons = new Set(['SERVER_TIMEOUT', 'SERVICE_TIMEOUT', 'PROCESSOR_TIMEOUT']);

/**
 * One signed REST call. Returns 2xx and 4xx answers (the adapter reads declines and 404s);
 * throws GatewayTimeout when the outcome is unknown and GatewayError when the processor refused
 * the request itself (401/403 credentials, 5xx outage). NOTE: no retries here, ever: a money
 * call that fails mid-way is resolved by lookup(reference), never by sending again.
 */
export async function csRequest(
  creds: CybersourceCredentials,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  opts: CallOptions = {},
): Promise<CsResponse> {
  const url = new URL(path, `${creds.baseUrl.replace(/\/$/, '')}/`);
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const { headers } = signRequest({ method, url, body, ...creds });
  let status: number;
  let text: string;
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...headers,
        accept: 'application/hal+json;charset=utf-8',
        ...(body === undefined ? {} : { 'content-type': 'application/json;charset=utf-8' }),
      },
      body,
      signal: AbortSignal.timeout(creds.timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    throw networkFailure(err, opts.reference);
  }
  const parsed = parseJson(text);
  if (status === 401 || status === 403) {
    throw new GatewayError(`CyberSource refused the credentials (HTTP ${status})`);
  }
  if (status >= 500) {
    const reason = String(parsed?.reason ?? parsed?.errorInformation?.reason ?? '');
    if (opts.reference && unknownOutcomeReasons.has(reason)) throw new GatewayTimeout(opts.reference);
    throw new GatewayError(`CyberSource is unavailable (HTTP ${status}${reason ? ` ${reason}` : ''})`);
  }
  return { status, text, body: parsed };
}

function networkFailure(err: unknown, reference: string | undefined): Error {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new GatewayTimeout(reference);
  // Refused or unresolvable: the request never left, so nothing can have happened.
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || !reference) {
    return new GatewayError(`CyberSource could not be reached (${code ?? e?.name ?? 'network error'})`);
  }
  // Reset mid-call: the processor may have acted on it.
  return new GatewayTimeout(reference);
}

function parseJson(text: string) {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 200) };
  }
}
