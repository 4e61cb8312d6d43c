import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
/** Query parameters that are credentials: ?token= on the console's event stream, a signed link's sig. */
const SECRET_PARAMS = new Set(['token', 'sig']);
/** Paths that carry a secret: the password reset page. */
const SECRET_PATH = /^(\/reset-password\/)[^/?#]+/;

/**
 * A URL fit for a log line: secrets that travel in the address are replaced. Pino's `redact`
 * only sees object keys, so the request line needs this before it is written.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeName(equals < 0 ? pair : pair.slice(0, equals));
      return SECRET_PARAMS.has(name) ? `${pair.slice(0, equals < 0 ? pair.length : equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
