import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test-only: a local stand-in for Auth0's token endpoint and the parts of the Management API v2
 * that auth0.ts uses. It issues a bearer token by client credentials (checking the client and
 * the audience https://<domain>/api/v2/), refuses any API call without that token, checks the
 * request shapes, and keeps users in memory.
 */
export interface StandInUser {
  user_id: string;
  email: string;
  email_verified: boolean;
  /** e.g. [{ provider: 'auth0', connection: 'Username-Password-Authentication' }] */
  identities: { provider: string; connection: string; isSocial: boolean }[];
  password?: string;
  authenticationMethods: { id: string; type: string; confirmed: boolean }[];
}

export interface Auth0StandIn {
  /** What AUTH0_DOMAIN is set to (a URL: the stand-in is plain HTTP). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, StandInUser>;
  /** Every API call, as 'METHOD /path' plus its JSON body. */
  calls: { method: string; path: string; body: unknown; authorized: boolean }[];
  tokensIssued: number;
  /** Whether the tenant has the Enterprise-only session endpoints (else they answer 403). */
  sessionEndpoints: boolean;
  /** Revokes the issued token (the adapter must fetch a new one). */
  revokeToken(): void;
  close(): Promise<void>;
}

const DB_CONNECTION = 'Username-Password-Authentication';

export function databaseUser(id: string, email: string, extra: Partial<StandInUser> = {}): StandInUser {
  return {
    user_id: id,
    email,
    email_verified: false,
    identities: [{ provider: 'auth0', connection: DB_CONNECTION, isSocial: false }],
    authenticationMethods: [],
    ...extra,
  };
}

export async function startAuth0StandIn(): Promise<Auth0StandIn> {
  const users = new Map<string, StandInUser>();
  const calls: Auth0StandIn['calls'] = [];
  let issued: string | null = null;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: Auth0StandIn = {
    baseUrl,
    clientId: 'mgmt-client',
    clientSecret: 'mgmt-secret',
    users,
    calls,
    tokensIssued: 0,
    sessionEndpoints: false,
    revokeToken() {
      issued = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) return res.writeHead(status).end();
    return res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, errorCode?: string) =>
    send(res, status, {
      statusCode: status,
      error: http.STATUS_CODES[status],
      message,
      ...(errorCode ? { errorCode } : {}),
    });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (raw && !/^application\/json/.test(req.headers['content-type'] ?? ''))
      return error(res, 415, 'Content-Type must be application/json');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      if (
        body?.grant_type !== 'client_credentials' ||
        body.client_id !== state.clientId ||
        body.client_secret !== state.clientSecret
      ) {
        return send(res, 401, { error: 'access_denied', error_description: 'Unauthorized' });
      }
      if (body.audience !== `${baseUrl}/api/v2/`) {
        return send(res, 403, { error: 'access_denied', error_description: 'Service not enabled' });
      }
      issued = `mgmt.${randomBytes(12).toString('base64url')}`;
      state.tokensIssued++;
      return send(res, 200, { access_token: issued, token_type: 'Bearer', expires_in: 86400 });
    }

    if (!url.pathname.startsWith('/api/v2/')) return error(res, 404, 'Not Found');
    const authorized = issued !== null && req.headers.authorization === `Bearer ${issued}`;
    calls.push({ method: req.method ?? '', path: url.pathname + url.search, body, authorized });
    if (!authorized) return error(res, 401, 'Invalid token');
    const path = url.pathname.slice('/api/v2'.length);

    if (req.method === 'POST' && path === '/guardian/enrollments/ticket') {
      if (typeof body?.user_id !== 'string' || !users.has(body.user_id))
        return error(res, 404, 'User not found');
      const ticket = randomBytes(8).toString('hex');
      return send(res, 200, {
        ticket_id: ticket,
        ticket_url: `${baseUrl}/guardian-enrollment?ticket=${ticket}`,
      });
    }
    if (req.method === 'POST' && path === '/jobs/verification-email') {
      if (typeof body?.user_id !== 'string' || !users.has(body.user_id))
        return error(res, 400, 'user_id is invalid');
      return send(res, 201, { type: 'verification_email', status: 'pending', id: 'job_1' });
    }

    if (req.method === 'POST' && path === '/tickets/password-change') {
      if (typeof body?.user_id !== 'string' || !users.has(body.user_id))
        return error(res, 404, 'User not found');
      if (body.email !== undefined || body.connection_id !== undefined)
        return error(res, 400, 'user_id cannot be combined with email or connection_id');
      const ticket = randomBytes(8).toString('hex');
      return send(res, 201, { ticket: `${baseUrl}/lo/reset?ticket=${ticket}#` });
    }

    const m = /^\/users\/([^/]+)(\/.*)?$/.exec(path);
    if (!m?.[1]) return error(res, 404, 'Not Found');
    const id = decodeURIComponent(m[1]);
    const rest = m[2] ?? '';
    const u = users.get(id);
    if (!u) return error(res, 404, 'The user does not exist.', 'inexistent_user');

    if (rest === '' && req.method === 'GET') {
      const { password: _p, authenticationMethods: _a, ...view } = u;
      return send(res, 200, view);
    }
    if (rest === '' && req.method === 'PATCH') {
      if (typeof body?.password !== 'string') return error(res, 400, 'Payload validation error');
      if (body.connection !== DB_CONNECTION)
        return error(res, 400, 'Cannot update password for non-database connections');
      if (body.password.length < 8) return error(res, 400, 'PasswordStrengthError: Password is too weak');
      u.password = body.password;
      return send(res, 200, { user_id: u.user_id });
    }
    if (rest === '' && req.method === 'DELETE') {
      users.delete(id);
      return send(res, 204);
    }
    if (rest === '/authentication-methods' && req.method === 'GET')
      return send(res, 200, u.authenticationMethods);
    if (rest === '/authenticators' && req.method === 'DELETE') {
      u.authenticationMethods = u.authenticationMethods.filter((a) => a.type === 'passkey');
      return send(res, 204);
    }
    if (rest === '/multifactor/actions/invalidate-remember-browser' && req.method === 'POST')
      return send(res, 204);
    if ((rest === '/sessions' || rest === '/refresh-tokens') && req.method === 'DELETE') {
      if (!state.sessionEndpoints) return error(res, 403, 'This feature is not enabled for this tenant.');
      return send(res, 202);
    }
    return error(res, 404, 'Not Found');
  }

  return state;
}
