import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error';

export const NUL_REFUSED = 'The request contains characters that are not allowed.';

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any field would reach a query and fail there
 * (a 500). Every parsed body, query and path parameter is checked once, before validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) throw badRequest(NUL_REFUSED);
  });
}

/** Walks the value without recursion: a deeply nested body cannot exhaust the stack. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
