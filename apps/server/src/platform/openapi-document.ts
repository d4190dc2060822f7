import { errorCodes, errorEnvelopeFor } from '@pria/contracts';
import { BODY_LIMIT, MAX_PARAM_LENGTH, MAX_URL_LENGTH } from './framework-errors.ts';

/**
 * The last touches to the generated OpenAPI document (/api/docs/json), made once over the whole
 * of it: what no single route can say alone.
 */

// biome-ignore lint/suspicious/noExplicitAny: the generated OpenAPI document, walked loosely
type OpenApiDoc = any;

/** Registered with the shared schemas now, so the document can name it (no route declares it). */
const error405 = `#/components/schemas/${errorEnvelopeFor(405).meta()?.id}`;

export function completeDocument<T>(generated: T): T {
  const doc = generated as OpenApiDoc;
  methodNotAllowedAnswers(doc);
  describeErrorAnswers(doc);
  return generated;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isParam = (segment: string) => segment.startsWith('{');

/**
 * Whether every concrete path of `specific` is also one of `general`'s and `specific` is the
 * narrower (a static segment where `general` has a parameter): `/customers/notification` under
 * `/customers/{id}`. Such a path resolves to `specific`, whatever the method (allowed-methods.ts).
 */
function narrows(general: string, specific: string): boolean {
  const g = general.split('/');
  const s = specific.split('/');
  if (g.length !== s.length || general === specific) return false;
  let narrower = false;
  for (const [i, segment] of g.entries()) {
    const other = s[i] as string;
    if (isParam(segment)) narrower ||= !isParam(other);
    else if (isParam(other) || other !== segment) return false;
  }
  return narrower;
}

/**
 * 405 where an operation can give it: `PUT /customers/{id}` sent to `/customers/notification`
 * reaches that path's own resource, which has no PUT, so the answer is 405 with its `Allow`, not
 * the parameter's 400. Every other method a path lacks is refused the same way; those requests
 * name no documented operation, so the introduction says it once for all.
 */
function methodNotAllowedAnswers(doc: OpenApiDoc) {
  const paths = Object.keys(doc.paths ?? {});
  for (const general of paths) {
    const narrower = paths.filter((p) => narrows(general, p));
    for (const method of METHODS.filter((m) => doc.paths[general][m])) {
      if (!narrower.some((p) => !doc.paths[p][method])) continue;
      doc.paths[general][method].responses['405'] = {
        description: 'Default Response',
        headers: {
          Allow: {
            description: "The methods the path's own resource has",
            schema: { type: 'string' },
          },
        },
        content: { 'application/json': { schema: { $ref: error405 } } },
      };
    }
  }
}

/**
 * The shared error envelopes once, under components.schemas (only their answer form; zod also
 * emits an unused input form), and each error answer described by its envelope's words
 * ("Not Found: code NOT_FOUND") rather than @fastify/swagger's "Default Response".
 */
function describeErrorAnswers(doc: OpenApiDoc) {
  const schemas: Record<string, { description?: string }> = doc.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) if (/^Error\d+Input$/.test(name)) delete schemas[name];
  for (const operations of Object.values<OpenApiDoc>(doc.paths ?? {})) {
    for (const operation of Object.values<OpenApiDoc>(operations)) {
      for (const answer of Object.values<OpenApiDoc>(operation?.responses ?? {})) {
        const ref: string | undefined = answer?.content?.['application/json']?.schema?.$ref;
        const description = ref ? schemas[ref.split('/').pop() ?? '']?.description : undefined;
        if (description && answer.description === 'Default Response') answer.description = description;
      }
    }
  }
}

/** The document's introduction (/api/docs). */
export const API_DESCRIPTION = [
  `Customer and staff API of Pria. Every JSON answer is the envelope \`{ httpCode, data, message, error[], code }\`: \`data\` on success; on an error \`data\` is null, \`message\` says what went wrong in words a person can read, \`error[]\` lists every message (one per invalid field) and \`code\` is a stable machine code (${errorCodes.join(', ')}).`,
  `Requests are exactly as the document says: a query parameter or a body property an operation does not name is refused with 400 naming it ("Unknown query parameter: bogus"), as is a body sent to an operation that takes none. Bodies are JSON (\`application/json\`, at most ${BODY_LIMIT / 1024} KB; anything else is 415); a URL over ${MAX_URL_LENGTH / 1024} KiB or a path parameter over ${MAX_PARAM_LENGTH} characters is 414, request headers over 16 KiB are 431 and a request slower than the server's timeout is 408 (the connection is then closed). Every operation documents these answers.`,
  'A path answers only its own methods: any other method (QUERY and TRACE included) is 405 with an `Allow` header listing them, and OPTIONS is 204 with the same `Allow`. 429 and 503 come with `Retry-After`. Receipts and statements are PDF (statements also CSV), exports CSV.',
  'Each operation says who may call it (its `security` and `x-access`): public ones need no token; a bearer requirement naming a permission needs a staff token whose role grants it.',
  'Generate a typed client: `npx openapi-typescript http://localhost:3000/api/docs/json -o pria-api.d.ts`, then `createClient<paths>()` from openapi-fetch.',
].join('\n\n');
