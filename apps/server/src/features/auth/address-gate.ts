import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Anonymous sign-in and reset calls of one address worked on at once; more wait their turn. */
export const MAX_IN_FLIGHT_PER_ADDRESS = 4;
/** Calls of one address that may wait; past that they are refused at once. */
export const MAX_WAITING_PER_ADDRESS = 64;

interface Lane {
  running: number;
  waiting: Array<() => void>;
}

/**
 * One address's anonymous calls are worked on at most MAX_IN_FLIGHT_PER_ADDRESS at a time, in
 * arrival order: a flood from one address can never take more than that share of the (single)
 * event loop and the database, so members signing in beside it are not slowed, while an office
 * whose members all sign in at nine only waits a moment. `exempt` goes straight through (a
 * browser holding the account's device cookie: someone else's flood must not hold the owner up).
 */
export function addressGate(exempt: (request: FastifyRequest) => boolean = () => false) {
  const lanes = new Map<string, Lane>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (exempt(request)) return;
    const lane = lanes.get(request.ip) ?? { running: 0, waiting: [] };
    lanes.set(request.ip, lane);
    if (lane.running >= MAX_IN_FLIGHT_PER_ADDRESS) {
      if (lane.waiting.length >= MAX_WAITING_PER_ADDRESS) {
        throw new AppError('Too many attempts at once. Please try again in a moment.', 429, { 'retry-after': '1' });
      }
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    } else {
      lane.running += 1;
    }
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      const next = lane.waiting.shift();
      // The place passes straight to the next caller in line.
      if (next) return next();
      lane.running -= 1;
      if (lane.running === 0) lanes.delete(request.ip);
    };
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
  };
}
