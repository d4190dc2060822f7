import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the published OpenAPI document (2020-12, as
 * zod writes them): values the document says are valid, and, mixed in, values it says are not
 * (a wrong type, a missing required field, an out-of-range number, an over-long string), so a
 * fuzzer exercises both the happy paths and the refusals. Ids can be drawn from a pool of real
 * ones, so requests reach real rows (the caller's own and other customers').
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is read loosely
export type JsonSchema = any;

export interface ArbitraryOptions {
  /**
   * Real values (ids of rows that exist) to draw from, beside random ones, for every string
   * schema they satisfy (a uuid format, a pattern such as a staff id's).
   */
  pool: string[];
  /** 0..1: how often a value is replaced by one the schema refuses. */
  invalidRate: number;
}

/** A day `format: date` allows: mostly this century's, now and then any of years 0000 to 9999. */
const isoDay = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc.date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.date({
        min: new Date('0000-01-01T00:00:00Z'),
        max: new Date('9999-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
    },
  )
  .map((d) => d.toISOString().slice(0, 10));

/** Anything JSON can carry: what a careless or hostile client might send instead. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constant(''),
  fc.constant('x'.repeat(5000)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pool's values this schema accepts. */
function poolFor(schema: JsonSchema, o: ArbitraryOptions): string[] {
  if (schema.format === 'uuid') return o.pool.filter((v) => UUID.test(v));
  if (!schema.pattern) return [];
  try {
    const re = new RegExp(schema.pattern);
    return o.pool.filter((v) => re.test(v));
  } catch {
    return [];
  }
}

function stringArb(schema: JsonSchema, o: ArbitraryOptions): fc.Arbitrary<string> {
  const real = poolFor(schema, o);
  const generated = generatedString(schema, o);
  return real.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, generated) : generated;
}

function generatedString(schema: JsonSchema, _o: ArbitraryOptions): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, schema.maxLength ?? 40);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().map((e) => (e.length > max ? `${e.slice(0, 20)}@example.com` : e));
    case 'date':
      return isoDay;
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      // Only the bounds the schema declares: a filter that can never pass would loop forever.
      const declaredMax: number = schema.maxLength ?? Number.POSITIVE_INFINITY;
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .map((s) => (s.length > declaredMax ? s.slice(0, declaredMax) : s))
        .filter((s) => s.length >= min);
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 60) });
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer) return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (as far as JSON Schema can say). */
export function validArb(schema: JsonSchema, o: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s: JsonSchema) => validArb(s, o)));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t: string) => validArb({ ...schema, type: t }, o)));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'string':
      return stringArb(schema, o);
    case 'array':
      return fc.array(valueArb(schema.items ?? {}, o), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case 'object':
      return objectArb(schema, o);
  }
  return anyJson;
}

function objectArb(schema: JsonSchema, o: ArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(properties)) model[key] = valueArb(s, o);
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
}

/** A value the schema refuses: the wrong type, or a string, number or array out of its bounds. */
export function invalidArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [anyJson];
  if (schema?.type === 'string' || schema?.format || schema?.pattern) {
    options.push(
      fc.constant('x'.repeat((schema.maxLength ?? 300) + 1)),
      fc.constant(''),
      fc.constant('not-valid'),
    );
  }
  if (schema?.type === 'integer' || schema?.type === 'number') {
    options.push(
      fc.constant((schema.maximum ?? 1e9) + 1),
      fc.constant((schema.minimum ?? -1e9) - 1),
      fc.constant(1.5),
    );
  }
  if (schema?.type === 'object') {
    // A required field missing, or an object that is not one at all.
    options.push(fc.constant({}), fc.constant([]));
  }
  return fc.oneof(...options);
}

/** Mostly valid, sometimes refused: how each field is drawn. */
export function valueArb(schema: JsonSchema, o: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (o.invalidRate <= 0) return validArb(schema, o);
  const weightInvalid = Math.max(1, Math.round(o.invalidRate * 20));
  return fc.oneof(
    { weight: 20 - weightInvalid, arbitrary: validArb(schema, o) },
    { weight: weightInvalid, arbitrary: invalidArb(schema) },
  );
}

/** A query-string or path value: JSON scalars as text, as a browser sends them. */
export const asParam = (v: unknown): string | undefined =>
  v === undefined
    ? undefined
    : typeof v === 'string'
      ? v
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);
