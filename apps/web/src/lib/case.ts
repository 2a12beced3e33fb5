/**
 * Key conversion between the wire (snake_case, docs/wire.md) and the app (camelCase, docs/wire.md).
 * Values are left alone: only plain objects' keys change, arrays are walked, everything else passes through.
 */

type CamelCaseString<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCaseString<Tail>>}` : S;

/** The camelCase view of a wire type, as the client hands it to components. */
export type Camelized<T> = T extends readonly (infer Item)[]
  ? Camelized<Item>[]
  : T extends Date | Blob
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCaseString<K> : K]: Camelized<T[K]> }
      : T;

export function camelCaseKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

export function snakeCaseKey(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[convert(key)] = convertKeys(item, convert);
  return result;
}

export function camelizeKeys<T>(value: T): Camelized<T> {
  return convertKeys(value, camelCaseKey) as Camelized<T>;
}

export function snakeizeKeys(value: unknown): unknown {
  return convertKeys(value, snakeCaseKey);
}

export { isPlainObject };
