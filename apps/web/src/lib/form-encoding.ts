import { isPlainObject, snakeCaseKey } from './case';

/**
 * Flattens a body the way the server's form parser reads it (docs/wire.md): camelCase keys become
 * snake_case, booleans become 1/0, nested objects become key[sub], arrays key[] (or key[0][sub]
 * for arrays of objects). Undefined fields are left out; null is sent as an empty string.
 */
export function flattenBody(body: Record<string, unknown>): [string, string | Blob][] {
  const entries: [string, string | Blob][] = [];
  const visit = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) entries.push([key, '']);
    else if (typeof value === 'boolean') entries.push([key, value ? '1' : '0']);
    else if (value instanceof Blob) entries.push([key, value]);
    else if (value instanceof Date) entries.push([key, value.toISOString()]);
    else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(isPlainObject(item) || Array.isArray(item) ? `${key}[${index}]` : `${key}[]`, item));
    } else if (isPlainObject(value)) {
      for (const [sub, item] of Object.entries(value)) visit(`${key}[${snakeCaseKey(sub)}]`, item);
    } else entries.push([key, String(value)]);
  };
  for (const [key, value] of Object.entries(body)) visit(snakeCaseKey(key), value);
  return entries;
}

/** URL-encoded unless a file is present, then multipart (the browser sets the boundary). */
export function encodeBody(body: Record<string, unknown>): URLSearchParams | FormData {
  const entries = flattenBody(body);
  if (entries.some(([, value]) => value instanceof Blob)) {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    return form;
  }
  const params = new URLSearchParams();
  for (const [key, value] of entries) params.append(key, value as string);
  return params;
}
