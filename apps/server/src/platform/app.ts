import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  isStaffRole,
  isWebPage,
  type Language,
  languages,
  messages,
  permissionsForRoles,
} from '@pria/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { answerOtherMethods, createResourceIndex } from './allowed-methods.ts';
import type { Principal, TokenVerifier } from './auth.ts';
import { isDatabaseUnreachable } from './db.ts';
import { inCallersLanguage } from './error-language.ts';
import { AppError, forbidden, invalid, unauthorized } from './errors.ts';
import {
  createFirstScreens,
  encodeDocument,
  type FirstScreenRenderer,
  firstScreenRendererFile,
  loadFirstScreenRenderer,
} from './first-screen.ts';
import {
  answerFrameworkError,
  BODY_LIMIT,
  clientErrorHandler,
  envelopeError,
  frameworkClientError,
  MAX_PARAM_LENGTH,
  refuseLongUrl,
  refuseNonJsonBody,
  responseSerializer,
} from './framework-errors.ts';
import { access } from './http.ts';
import { requestLanguage, varyByLanguage } from './language.ts';
import type { Logger } from './logger.ts';
import { OneLinePerRequest, requestChildLogger, scrubUrl } from './logger.ts';
import { API_DESCRIPTION, completeDocument } from './openapi-document.ts';
import type { RateLimitStore } from './rate-limits.ts';
import { completeContract } from './responses.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { undeclaredBody, validationMessage } from './strict-input.ts';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export interface AppDeps {
  config: Config;
  logger: Logger;
  verifyToken: TokenVerifier;
  /** Test-only: sees every route as it is added (the authorization matrix is built from these). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The built-in provider's current word on a staff account (its roles now, whether disabled):
   * asked on every call made with a staff token, so a disable or a demotion takes effect at once
   * rather than when the access token expires. Absent with an external issuer (its claims rule).
   */
  staffStanding?: (subject: string) => Promise<{ roles: string[]; disabled: boolean } | null>;
  /**
   * False when the token was issued before its subject's "valid after" instant (a password
   * change, an MFA change, a staff disable or role change, "sign out everywhere"): 401 then.
   * Absent only in tests of the HTTP shell without a database.
   */
  tokenStillValid?: (principal: Principal) => Promise<boolean>;
  /**
   * Where the routes' rate limits count (PostgreSQL, shared by every process: ADR 53). Required
   * as soon as a route declares `config.rateLimit`; absent only in tests of the HTTP shell.
   */
  rateLimits?: RateLimitStore;
}

/**
 * The HTTP shell shared by every module: security headers, rate limiting, OpenAPI, the
 * envelope for errors, bearer-token authentication and per-route access checks.
 */
export async function createHttpApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler,
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    childLoggerFactory: requestChildLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.responseValidation, deps.logger));
  app.decorateRequest('principal', null);

  const issuerOrigin = new URL(config.oidc.issuer).origin;
  // CyberSource Microform: its script and its card-field frames (and any call it makes) come from
  // its own origin; allowed only when that processor is configured.
  const microform = config.payments.cybersource ? [config.payments.cybersource.microformOrigin] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...microform],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin, ...microform],
        mediaSrc: ["'self'"],
        frameSrc: ["'self'", issuerOrigin, ...microform],
        frameAncestors: ["'none'"],
        formAction: ["'self'", issuerOrigin],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  // CORS on the API for the web app's origin and CORS_ORIGINS only (issue 39); every other
  // path answers without CORS headers. Registered before the routes are indexed (its preflight
  // catch-all `OPTIONS *` is not a path of ours) and before the bearer check (a preflight
  // carries no token).
  const apiCors = {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    exposedHeaders: ['retry-after', 'content-disposition'],
    maxAge: 600,
    strictPreflight: false,
  };
  const allowedOrigins = new Set(config.corsOrigins);
  await app.register(cors, {
    hideOptionsRoute: true,
    delegator: (req, cb) => {
      const origin = req.headers.origin;
      const api = req.url.startsWith('/api/');
      cb(null, api && origin && allowedOrigins.has(origin) ? apiCors : { origin: false });
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pria API',
        version: '1.0.0',
        description: API_DESCRIPTION,
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "An access token from Pria's OpenID Connect provider (/oidc) for the API audience. A requirement naming a permission (e.g. `transaction:payin`) needs a token whose roles grant it.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Shared schemas (the error envelopes) once, under components.schemas; only their answer
    // (output) form is referenced.
    transformObject: (doc) => completeDocument(jsonSchemaTransformObject(doc)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Every API route must say who may call it; its security and shared error answers follow from
  // that rule (responses.ts). A route with a rate limit gets its check, counted in PostgreSQL
  // (rate-limits.ts); the others get none. Every route is indexed for 405 answers.
  const resources = createResourceIndex();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1') && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} declares no access rule`);
    }
    completeContract(route);
    if (route.config?.rateLimit) {
      if (!deps.rateLimits)
        throw new Error(`route ${route.method} ${route.url} has a rate limit but no store`);
      deps.rateLimits.guard(route);
    }
    resources.add(route);
    deps.onRoute?.(route);
  });

  // Before anything else: an over-long URL is 414; then a method the path does not have is 405
  // (OPTIONS: 204), an /api path no route has 404, before the caller or the body is looked at.
  app.addHook('onRequest', (req, reply, done) => {
    try {
      refuseLongUrl(req);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (!answerOtherMethods(resources, req, reply)) done();
  });

  /**
   * A revoked token: 401. A staff token: roles and permissions as the account holds them now;
   * disabled or gone: 401.
   */
  async function currentPrincipal(p: Principal): Promise<Principal> {
    if (deps.tokenStillValid && !(await deps.tokenStillValid(p))) throw unauthorized();
    if (!deps.staffStanding || !p.roles.some(isStaffRole)) return p;
    const standing = await deps.staffStanding(p.subject);
    if (!standing || standing.disabled) throw unauthorized();
    // A new object: the verifier caches the token's principal.
    return { ...p, roles: standing.roles, permissions: new Set(permissionsForRoles(standing.roles)) };
  }

  // onRequest, before the body is parsed or validated: a caller without the right to call a route
  // gets 401/403, never a validation answer that describes the route's input.
  app.addHook('onRequest', async (req) => {
    const rule = req.routeOptions.config.access;
    if (!rule || rule.kind === 'public') return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (rule.kind === 'optional') {
      if (token) req.principal = await currentPrincipal(await deps.verifyToken(token));
      return;
    }
    if (!token) throw unauthorized();
    req.principal = await currentPrincipal(await deps.verifyToken(token));
    if (rule.kind === 'permission' && !req.principal.permissions.has(rule.permission)) throw forbidden();
  });

  // After the caller is known to be allowed, before the body is read: JSON bodies only (415).
  app.addHook('preParsing', (req, _reply, payload, done) => {
    try {
      refuseNonJsonBody(req);
      done(null, payload);
    } catch (err) {
      done(err as Error, payload);
    }
  });

  // PostgreSQL cannot store NUL (U+0000) nor lone UTF-16 surrogates (in jsonb): refused here,
  // before any handler or write, so such input is a 400 everywhere instead of a database error
  // halfway through a use case (after the processor was already told, for cards).
  // A callback hook, not an async one: no promise per request for synchronous work.
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasUnstorableText(req.body) || hasUnstorableText(req.query) || hasUnstorableText(req.params)) {
      done(invalid('Text must not contain NUL characters or invalid Unicode'));
      return;
    }
    // An /api operation without a body schema takes no body: properties sent anyway are refused
    // like any unknown property (strict-input.ts), not ignored.
    const refusal = req.url.startsWith('/api/') && !req.routeOptions.schema?.body && undeclaredBody(req.body);
    done(refusal ? invalid(refusal) : undefined);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.httpCode)
        .send(inCallersLanguage(req, reply, envelopeError(err.httpCode, err.code, err.message, err.details)));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = [...new Set(err.validation.map((v) => validationMessage(v, err.validationContext)))];
      return reply
        .code(400)
        .send(
          inCallersLanguage(
            req,
            reply,
            envelopeError(400, 'VALIDATION', details[0] ?? 'Invalid input', details),
          ),
        );
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large...: the caller's fault, said plainly.
      const answer = frameworkClientError(err);
      return reply.code(answer.httpCode).send(answer);
    }
    if (isDatabaseUnreachable(err)) {
      // An outage, not a bug: say so, and when to come back (readiness says the same to balancers).
      req.log.warn({ err, url: scrubUrl(req.url) }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(envelopeError(503, 'UNAVAILABLE', messages.serviceUnavailable));
    }
    req.log.error({ err, url: scrubUrl(req.url) }, 'unhandled error');
    return reply.code(500).send(envelopeError(500, 'INTERNAL', messages.defaultError));
  });

  app.get(
    '/healthz',
    {
      config: access.public,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }).describe('The process is up') },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/config.json', { config: access.public, schema: { hide: true } }, async () => ({
    authority: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    scope: 'openid profile email offline_access',
    rolesClaim: config.oidc.rolesClaim,
    permissionsClaim: config.oidc.permissionsClaim,
    // How the browser takes a card: the processor's hosted fields (a capture context starts them)
    // or encrypted to its public key. Said here so the web app asks for neither in vain.
    cardEntry: config.payments.gateway === 'cybersource' ? 'microform' : 'encrypted',
  }));

  return app;
}

/** Whether any string (or key) in parsed input has U+0000 or a lone surrogate; iterative, so deep nesting is fine. */
function hasUnstorableText(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (unstorable(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (unstorable(k)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

const unstorable = (s: string) => s.includes('\u0000') || !s.isWellFormed();

/** Hashed build output (`/assets/name-<hash>.js`): a new build writes new names, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A prerendered page's file in each language it was written in (English always). */
type PrerenderedPage = { en: string } & Partial<Record<Language, string>>;

/**
 * Pages the web build prerendered to HTML (`apps/web/build/prerender.ts`): `prerendered/routes.json`
 * maps a path to its file, e.g. `{ "/": "prerendered/landing.html" }`; a key ending in `/*` stands
 * for every path below it (`/dashboard/account/*`: the account page's sections). A page written in
 * Spanish too has it beside the English file (`landing.es.html`, ADR 73).
 */
function readPrerenderedRoutes(root: string): (pathname: string) => PrerenderedPage | undefined {
  const file = path.join(root, 'prerendered/routes.json');
  if (!existsSync(file)) return () => undefined;
  const inEachLanguage = (html: string): PrerenderedPage => {
    const page: PrerenderedPage = { en: html };
    for (const language of languages) {
      const translated = html.replace(/\.html$/, `.${language}.html`);
      if (language !== 'en' && existsSync(path.join(root, translated))) page[language] = translated;
    }
    return page;
  };
  const routes = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    .filter(([, html]) => existsSync(path.join(root, html)) && !html.includes('..'))
    .map(([key, html]) => [key, inEachLanguage(html)] as const);
  const exact = new Map(routes.filter(([key]) => !key.endsWith('/*')));
  // Longest first, so a deeper prefix wins over the one above it.
  const below = routes
    .filter(([key]) => key.endsWith('/*'))
    .map(([key, html]) => [key.slice(0, -1), html] as const)
    .sort(([a], [b]) => b.length - a.length);
  return (pathname) => exact.get(pathname) ?? below.find(([prefix]) => pathname.startsWith(prefix))?.[1];
}

/**
 * Serves the built web app: files from apps/web/dist (the brotli or gzip copy the build wrote next
 * to each text file when the browser accepts it), `/assets/*` cacheable for a year, a prerendered
 * page's HTML for its path (the landing page at `/`), and for any other page path the SPA's
 * index.html, which the client-side router takes from there (HTML always no-cache).
 *
 * A signed-in screen with a first screen (`renderer.firstScreenCalls`, the web build's SSR bundle
 * beside dist, `first-screen.ts`) is sent with the customer's own first screen in its frame's
 * #app-shell when the request carries the `pria_doc_token` cookie and the API, asked in-process
 * with that token, answers every call: compressed as the browser accepts (encodeDocument),
 * `no-store` (it holds personal data). Any
 * other outcome sends the static frame as without it. Either way such a path's answer varies by
 * Cookie and Accept-Language. `renderer`: loaded from beside `root` when not given; null: none.
 */
export async function serveWebApp(
  app: FastifyInstance,
  root = webDist,
  renderer?: FirstScreenRenderer | null,
): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const prerenderedPage = hasBuild ? readPrerenderedRoutes(root) : () => undefined;
  const firstScreenRenderer =
    renderer === undefined && hasBuild
      ? await loadFirstScreenRenderer(firstScreenRendererFile(root), app.log)
      : renderer;
  const firstScreens = firstScreenRenderer ? createFirstScreens(app, firstScreenRenderer) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (path.relative(root, filePath).startsWith(`assets${path.sep}`))
          reply.header('cache-control', IMMUTABLE);
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    // A path that exists with other methods was answered 405 before (allowed-methods.ts).
    const isPage = req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/oidc');
    if (!isPage) {
      return reply.code(404).send(envelopeError(404, 'NOT_FOUND', messages.notFound));
    }
    if (!hasBuild) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run: npm run build');
    }
    const pathname = req.url.split('?')[0] ?? '/';
    // A path the app has no screen for: its shell renders "Page not found", with the status
    // that says so to browsers, crawlers and monitors (issue 29).
    if (!isWebPage(pathname)) {
      return reply.code(404).type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    const page = prerenderedPage(pathname);
    if (!page) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    const calls = firstScreens?.callsOf(pathname);
    // A page written in more than one language, or with a first screen (rendered in the language,
    // for whoever's cookie), depends on who asks: a cache must keep them apart.
    if (Object.keys(page).length > 1 || calls) varyByLanguage(reply);
    const requested = requestLanguage(req.headers);
    const language: Language = page[requested] ? requested : 'en';
    const html = page[language] ?? page.en;
    if (firstScreens && calls) {
      const frameFile = path.join(root, html);
      const document = await firstScreens.document(req, {
        pathname,
        url: req.url,
        calls,
        frameFile,
        language,
      });
      if (document !== null) {
        const { body, encoding } = encodeDocument(document, req.headers['accept-encoding']);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        reply.header('vary', `${reply.getHeader('vary') ?? ''}, Accept-Encoding`.replace(/^, /, ''));
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body);
      }
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(html);
  });
}
