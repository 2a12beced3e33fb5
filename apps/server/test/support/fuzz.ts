/**
 * Hostile and plausible request values for the fuzz walk over the OpenAPI document
 * (test/platform/fuzz.test.ts). Everything comes from one seeded generator, so a run is repeatable.
 */

export type Rng = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Stands in the JSON text for a number JSON.stringify cannot write (1e309 parses as Infinity). */
export const RAW_NUMBER = '\u0001raw:';

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Strings that have broken servers: NUL, lone surrogates, control and bidi characters, sizes, injections, numbers as text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '',
  '   ',
  '\t\r\n',
  '\u202eevil',
  '\ufeff',
  '\u0007\u001b[31m',
  'x'.repeat(70_000),
  '💊'.repeat(300),
  '%00',
  '%',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  'null',
  'undefined',
  '-1',
  '0',
  '1e309',
  '-1e309',
  'NaN',
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  '1.5',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'eyJhIjoxfQ',
  'eyJpZCI6Ilx1MDAwMCIsImF0IjoiXHUwMDAwIn0',
  'bm90IGpzb24',
  '!!!',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30T25:61:00Z',
  'javascript:alert(1)',
];

/** JSON values of the wrong kind or absurd size for any field. */
export const HOSTILE_VALUES: readonly unknown[] = [
  ...HOSTILE_STRINGS,
  0,
  -1,
  -2147483649,
  2147483648,
  `${RAW_NUMBER}9007199254740993`,
  1e308,
  -1e308,
  1.5,
  5e-324,
  `${RAW_NUMBER}1e309`,
  `${RAW_NUMBER}-1e400`,
  `${RAW_NUMBER}123456789012345678901234567890`,
  true,
  false,
  null,
  [],
  ['\u0000'],
  [1, 'two', null],
  {},
  { '\u0000': 1 },
  { '\ud800': '\ud800' },
  JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}') as unknown,
  nested(40, '\u0000'),
  nested(2_000, 1),
  Array.from({ length: 5_000 }, (_, i) => i),
];

/** `%`-encoded path and query texts that are not what encodeURIComponent would write. */
export const RAW_URL_PIECES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  '%',
  '%%',
  '%2',
  '..%2F..',
  '%2e%2e',
  '%E2%80%AE',
  'a'.repeat(3_000),
  '%F0%9F%92%8A',
];

/** JSON text for a value, with RAW_NUMBER markers turned into the bare number they name. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: Schema;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}

/**
 * A value the schema would likely accept: the fuzz starts from these and spoils one field at a time,
 * so the spoiled value reaches the code behind validation rather than being refused with the rest.
 */
export function plausible(rng: Rng, schema: Schema | undefined, resolve: (ref: string) => Schema, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.$ref) return plausible(rng, resolve(schema.$ref), resolve, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(rng, schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(rng, pick(rng, alternatives), resolve, depth + 1);
  if (schema.allOf?.length) return plausible(rng, schema.allOf[0], resolve, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return `fuzz${Math.floor(rng() * 1000)}@example.com`;
      if (schema.format === 'uuid') return '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
      if (schema.format === 'date-time') return '2026-03-01T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/a';
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
      return 'fuzz value plausible'.padEnd(length, 'z').slice(0, length);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return rng() < 0.5;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => plausible(rng, schema.items, resolve, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng() < 0.5) out[key] = plausible(rng, sub, resolve, depth + 1);
      }
      return out;
    }
    default:
      return schema.default ?? 'x';
  }
}

/** Replaces one leaf (or the whole value) with a hostile one; objects and arrays are walked at random. */
export function spoil(rng: Rng, value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object' || rng() < 0.2) return pick(rng, HOSTILE_VALUES);
  if (Array.isArray(value)) {
    if (value.length === 0) return [pick(rng, HOSTILE_VALUES)];
    const copy = [...value];
    const i = Math.floor(rng() * copy.length);
    copy[i] = spoil(rng, copy[i], depth + 1);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || rng() < 0.1) {
    copy[pick(rng, ['\u0000', '\ud800', 'a[b]', '__proto__', 'x'.repeat(300)])] = pick(rng, HOSTILE_VALUES);
    return copy;
  }
  const key = pick(rng, keys);
  copy[key] = spoil(rng, copy[key], depth + 1);
  return copy;
}
