import fc from 'fast-check';

/** The subset of JSON Schema the OpenAPI document uses (zod's output). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];
const NESTING = 5_000;

/** Nested arrays NESTING deep, written as text: JSON.stringify would build it recursively, too. */
export const DEEP_JSON = `${'['.repeat(NESTING)}${']'.repeat(NESTING)}`;

/** Texts an attacker sends: prototype keys, NUL bytes, SQL, script, traversal, huge and odd Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...PROTOTYPE_KEYS,
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    "'); DROP TABLE users; --",
    '" OR ""="',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '\uD800',
    '\uFFFF',
    '${7*7}',
    '{{constructor.constructor("return process")()}}',
    '-1',
    '1e309',
    'NaN',
    '',
    ' ',
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A value of any JSON type, hostile strings and prototype-keyed objects included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 63), 1.5, 1e308),
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), tie('value')),
        {
          maxLength: 4,
        },
      )
      .map((entries) => Object.fromEntries(entries)),
  ),
})).value;

/** Short pieces that pass a schema's length and format checks yet are hostile once stored or shown. */
const TAINTS = ['\u0000', '\u0000', "'; --", '<script>', '../', '\uD800', '%00', '\\'];

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  // Plain addresses: fast-check's RFC-valid oddities are mostly refused before anything reaches the database.
  if (schema.format === 'email' || schema.pattern?.includes('@'))
    return fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'example.test'))
      .map(([name, domain]) => `${name}@${domain}`);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  const plain = fc.string({ minLength: min, maxLength: max });
  // Half the time a taint is spliced into a string that otherwise fits, so it reaches the database.
  const tainted = fc
    .tuple(plain, fc.constantFrom(...TAINTS))
    .map(([s, taint]) => `${s.slice(0, Math.max(0, (schema.maxLength ?? 40) - taint.length) - 1)}${taint}x`)
    .map((s) => (s.length < min ? s.padEnd(min, 'x') : s));
  return fc.oneof({ weight: 1, arbitrary: plain }, { weight: 2, arbitrary: tainted });
}

/** A value the schema accepts, or close to it (bounds, types): the valid half of each case. */
function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map(forSchema));
  if (schema.allOf?.length) return forSchema(schema.allOf[0]);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = [schema.type].flat()[0];
  const base = (() => {
    switch (type) {
      case 'string':
        return validString(schema);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e9, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(forSchema(schema.items ?? {}), { maxLength: 5 });
      case 'object':
        return objectOf(schema);
      default:
        return hostileValue;
    }
  })();
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

// Some schemas check an address with a refinement the document cannot show: the field's name tells.
const hinted = (name: string, s: JsonSchema): JsonSchema =>
  /email/i.test(name) && s.type === 'string' ? { ...s, format: 'email' } : s;

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return fc
    .tuple(
      fc.tuple(
        ...props.map(([name, s]) =>
          fc.option(forSchema(hinted(name, s)), { freq: required.has(name) ? 20 : 3 }),
        ),
      ),
      // Extra keys in one body in four: strict schemas refuse them, and the rest should reach the handler.
      fc.option(
        fc.array(
          fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), hostileValue),
          {
            minLength: 1,
            maxLength: 2,
          },
        ),
        { freq: 3, nil: [] as [string, unknown][] },
      ),
    )
    .map(([values, extra]) => {
      const entries: [string, unknown][] = props.flatMap(([name], i) =>
        values[i] === null ? [] : [[name, values[i]] as [string, unknown]],
      );
      // fromEntries defines own properties, so a "__proto__" key is sent as such, not swallowed.
      return Object.fromEntries([...entries, ...extra]);
    });
}

/**
 * Mostly valid values, one in eight replaced by something hostile or of the wrong type: rare enough that a body
 * of several fields often passes validation whole and its tainted strings reach the database.
 */
export function forSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 7, arbitrary: validValue(schema) }, { weight: 1, arbitrary: hostileValue });
}
