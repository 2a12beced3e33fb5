/** Socket errors that mean "the other side is not there" rather than "the statement was wrong". */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own codes for a lost server: class 08 (connection exception), an administrator's or a
 * crash's shutdown (57P01, 57P02), a server still starting (57P03), and no connection slot left (53300).
 */
const isPostgresConnectionCode = (code: string) => code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

/** node-postgres says it in words only. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Connection closed|Stream isn't writeable/i;

/**
 * Whether an error (or one it wraps: Drizzle puts the driver's error in `cause`) means that the
 * database could not be reached, as opposed to a statement it refused. The first is an outage (503,
 * logged once), the second a bug (500, logged every time).
 */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || isPostgresConnectionCode(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  }
  return false;
}
