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
    const release = () => {
      const next = lane.waiting.shift();
      // The place passes straight to the next caller in line.
      if (next) return next();
      lane.running -= 1;
      if (lane.running === 0) lanes.delete(request.ip);
    };
    if (lane.running < MAX_IN_FLIGHT_PER_ADDRESS) {
      lane.running += 1;
      onEnd(reply, release);
      return;
    }
    if (lane.waiting.length >= MAX_WAITING_PER_ADDRESS) {
      throw new AppError('Too many attempts at once. Please try again in a moment.', 429, { 'retry-after': '1' });
    }
    // Listening before waiting: a caller that hangs up while in line leaves the line, and one
    // that hangs up after its turn came gives the place back.
    let hasPlace = false;
    let isGone = false;
    let resume = () => {};
    const turn = () => {
      hasPlace = true;
      if (isGone) release();
      else resume();
    };
    onEnd(reply, () => {
      isGone = true;
      if (hasPlace) return release();
      const index = lane.waiting.indexOf(turn);
      if (index >= 0) lane.waiting.splice(index, 1);
    });
    await new Promise<void>((resolve) => {
      resume = resolve;
      lane.waiting.push(turn);
    });
  };
}

/** Runs `end` once, when the answer is sent or the connection closes, whichever comes first. */
function onEnd(reply: FastifyReply, end: () => void): void {
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    end();
  };
  reply.raw.once('finish', once);
  reply.raw.once('close', once);
}
