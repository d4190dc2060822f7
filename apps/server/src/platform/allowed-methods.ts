import { messages } from '@pria/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';
import { envelopeError, MAX_PARAM_LENGTH } from './framework-errors.ts';

/**
 * Which resource a path names and the methods it has, for 405 and OPTIONS.
 *
 * Fastify keeps one router tree per method, so a method a path lacks falls through to a
 * parametric sibling that has it: `PUT /customers/notification` reached `PUT /customers/:id`
 * (answering "id must be a customer id or 'me'"), and an index merged across methods said
 * `/cards/public-key` allows the DELETE and PUT of `/cards/:cardId`. Here every route pattern is
 * one entry of a single tree, so a path resolves to the most specific pattern it matches
 * (static before parametric, find-my-way's own order) whatever the method: that pattern is the
 * resource, and its methods are the only ones a request to the path may use.
 */

/** A pattern with its parameter names erased: `/cards/:cardId` and `/cards/:id` are one resource. */
const shapeOf = (pattern: string) => pattern.replace(/:[^/]+/g, ':');

interface Resource {
  shape: string;
  methods: Set<string>;
  /** The methods sorted, as answers list them; made when a route is added, not per request. */
  sorted: string[];
}

export function createResourceIndex() {
  const router = FindMyWay({ maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: false });
  const byShape = new Map<string, Resource>();
  // Each registered pattern's shape, once: asked on every request (isResource).
  const shapes = new Map<string, string>();
  const shapeOfPattern = (pattern: string) => {
    let shape = shapes.get(pattern);
    if (shape === undefined) {
      shape = shapeOf(pattern);
      shapes.set(pattern, shape);
    }
    return shape;
  };
  return {
    add(route: Pick<RouteOptions, 'method' | 'url'>) {
      const shape = shapeOf(route.url);
      let resource = byShape.get(shape);
      if (!resource) {
        resource = { shape, methods: new Set(), sorted: [] };
        byShape.set(shape, resource);
        router.on('GET', route.url, () => {}, resource);
      }
      for (const method of [route.method].flat()) resource.methods.add(method);
      resource.sorted = [...resource.methods].sort();
    },
    /** The resource `path` names (query string ignored), or undefined when no route has it. */
    resourceOf(path: string): { shape: string; methods: readonly string[] } | undefined {
      const pathname = path.split('?')[0] ?? path;
      let found: ReturnType<typeof router.find>;
      try {
        found = router.find('GET', pathname);
      } catch {
        // A path the router cannot decode: Fastify answers it (400) before any hook.
        return undefined;
      }
      const resource = found?.store as Resource | undefined;
      return resource && { shape: resource.shape, methods: resource.sorted };
    },
    /** Whether `pattern` (a registered route's url) is the resource `shape` names. */
    isResource: (pattern: string | undefined, shape: string) =>
      pattern !== undefined && shapeOfPattern(pattern) === shape,
  };
}

export type ResourceIndex = ReturnType<typeof createResourceIndex>;

/**
 * Answers, before authentication and before any body is read, a request whose method its path
 * does not have: 405 with `Allow` (the resource's own methods), OPTIONS 204 with the same
 * `Allow`; and an /api path no route has: 404. Every method is covered, those Fastify has no
 * route table for (PROPFIND) and those it would refuse later for their own reasons (QUERY
 * without a Content-Type) alike. Returns whether it answered.
 */
export function answerOtherMethods(index: ResourceIndex, req: FastifyRequest, reply: FastifyReply): boolean {
  const resource = index.resourceOf(req.url);
  if (!resource) {
    if (!req.is404 || !req.url.startsWith('/api/')) return false;
    reply.code(404).send(envelopeError(404, 'NOT_FOUND', messages.notFound));
    return true;
  }
  if (
    req.method !== 'OPTIONS' &&
    resource.methods.includes(req.method) &&
    index.isResource(req.routeOptions.url, resource.shape)
  )
    return false;
  const allow = resource.methods.join(', ');
  if (req.method === 'OPTIONS') {
    reply.code(204).header('allow', allow).send();
    return true;
  }
  reply
    .code(405)
    .header('allow', allow)
    .send(envelopeError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here; allowed: ${allow}`));
  return true;
}
