/** What the API answers while the database cannot be reached (HTTP 503, Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

// Socket errors of a connection that could not be made or was lost.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs: connection exceptions (class 08), the server shutting down or refusing connections
// (57P01-57P03, e.g. pg_terminate_backend), too many connections, and a statement cancelled by
// statement_timeout (the database is too slow to answer now).
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
// node-postgres reports some losses with a message only.
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when an error means "the database is not answering" rather than "this request is wrong":
 * such requests get 503 and can be retried. Drizzle wraps driver errors, so causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_STATES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}
