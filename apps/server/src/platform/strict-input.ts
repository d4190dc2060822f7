import { z } from 'zod';

/**
 * Requests as strict as Stripe's: a query parameter or a body property the route does not name
 * is refused (400 naming it) rather than dropped, so a client's typo (`forEmails`) is told
 * instead of doing nothing (issue 41). zod objects strip unknown keys by default; this makes
 * every object of a route's body and query refuse them, nested ones included, when the route
 * registers (`completeContract`), so the validator and the published document (which then says
 * `additionalProperties: false`) come from the same schema. An object that states otherwise
 * (`z.looseObject`, `.passthrough()`, a catchall: the browser's WebAuthn credential) and a record
 * (its keys are data) keep their choice; an intersection is left as written (each side strict
 * would refuse the other's keys).
 */

// Any zod schema: the classic API's, or the mini API's the contracts' browser-side schemas use
// (the profile's body, an address, a passkey's name).
type Schema = z.core.$ZodType;
// biome-ignore lint/suspicious/noExplicitAny: zod's definitions are walked by their `type`
type Def = any;

const done = new WeakMap<Schema, Schema>();

/** `schema` with every object inside it refusing unknown keys. */
export function strictInput<T extends Schema>(schema: T): T {
  let strict = done.get(schema);
  if (!strict) {
    strict = tighten(schema);
    done.set(schema, strict);
  }
  return strict as T;
}

/** A copy with a changed definition that keeps the original's description and metadata. */
const copy = (schema: Schema, def: Def) => z.core.clone(schema, def, { parent: true });

function tighten(schema: Schema): Schema {
  const def: Def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>).map(([key, value]) => [key, strictInput(value)]),
      );
      return copy(schema, { ...def, shape, catchall: def.catchall ?? z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return copy(schema, { ...def, innerType: strictInput(def.innerType) });
    case 'array':
      return copy(schema, { ...def, element: strictInput(def.element) });
    case 'union':
      return copy(schema, { ...def, options: def.options.map((o: Schema) => strictInput(o)) });
    case 'pipe':
      return copy(schema, { ...def, in: strictInput(def.in), out: strictInput(def.out) });
    case 'tuple':
      return copy(schema, {
        ...def,
        items: def.items.map((i: Schema) => strictInput(i)),
        rest: def.rest && strictInput(def.rest),
      });
    case 'lazy': {
      const getter = def.getter as () => Schema;
      return copy(schema, { ...def, getter: () => strictInput(getter()) });
    }
    default:
      return schema;
  }
}

/** Whether `value` is a zod schema (a route may also declare plain JSON Schema). */
export const isZodSchema = (value: unknown): value is Schema => value instanceof z.core.$ZodType;

/**
 * The refusal of unknown keys, naming them where they are: "Unknown query parameter:
 * bogusParameter", "Unknown property: address.floor".
 */
export function unknownKeysMessage(context: string | undefined, path: string, keys: string[]): string {
  const names = keys.map((k) => (path ? `${path}.${k}` : k));
  const plural = names.length > 1;
  const what =
    context === 'querystring' ? `query parameter${plural ? 's' : ''}` : `propert${plural ? 'ies' : 'y'}`;
  return `Unknown ${what}: ${names.join(', ')}`;
}

/** One validation issue in words; unknown keys named where they are. */
export function validationMessage(
  issue: { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> },
  context: string | undefined,
): string {
  const keys = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    return unknownKeysMessage(context, path, keys.map(String));
  }
  return issue.message ?? 'Invalid input';
}

/**
 * The refusal of a body sent to an operation that takes none, or null when there is nothing to
 * refuse (no body, `null`, or `{}`: what a client sending "nothing" as JSON sends).
 */
export function undeclaredBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) return 'This request takes no body';
  const keys = Object.keys(body);
  return keys.length ? unknownKeysMessage('body', '', keys) : null;
}
