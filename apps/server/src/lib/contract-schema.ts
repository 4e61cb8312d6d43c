import type { Readable } from 'node:stream';
import { type Contract, errorAnswer } from '@nzeta/domain/contracts/contract';
import { z } from 'zod';

/**
 * A file or stream: described for the API reference as binary text, never serialised (Fastify
 * sends buffers and streams as they are), so it accepts anything.
 */
const fileBody = z.custom<Buffer | Readable | string>(() => true).meta({ type: 'string', format: 'binary' });

/** A schema part the contract leaves out stays undefined, so the route's type reads unknown. */
type Part<T> = [Exclude<T, undefined>] extends [never] ? undefined : Exclude<T, undefined>;

type ResponseOf<C extends Contract> = C['answer'] extends z.ZodType
  ? { 200: C['answer']; '4xx': typeof errorAnswer; '5xx': typeof errorAnswer }
  : { 200: typeof fileBody; '4xx': typeof errorAnswer; '5xx': typeof errorAnswer };

/**
 * The Fastify schema of a route from its contract: the inputs validate the request, the answer
 * is the response schema (answers are checked against it and lose fields it does not list), and
 * the API description at /api/docs is generated from the same objects.
 */
export function contractSchema<const C extends Contract>(c: C, tags: string[]) {
  const success = c.answer ?? fileBody;
  const response = { 200: success, '4xx': errorAnswer, '5xx': errorAnswer } as Record<number | string, z.ZodType>;
  for (const code of c.alsoAnswers ?? []) response[code] = success;
  const schema = {
    tags,
    params: c.params as Part<C['params']>,
    querystring: c.query as Part<C['query']>,
    body: c.body as Part<C['body']>,
    ...(c.produces && { produces: [c.produces] }),
    response: response as ResponseOf<C>,
  };
  // Fastify warns of a part that is present but undefined: only the contract's own parts go in.
  return Object.fromEntries(Object.entries(schema).filter(([, part]) => part !== undefined)) as typeof schema;
}

/** The contract's path inside a plugin mounted at `prefix` ('/front' + '/track-order'). */
export function pathBelow(c: Contract, prefix: string): string {
  if (!c.path.startsWith(`${prefix}/`)) throw new Error(`${c.path} is not below ${prefix}`);
  return c.path.slice(prefix.length);
}

/** GET /api/docs: the OpenAPI document itself, passed through whole. */
export const apiDescriptionSchema = {
  hide: true,
  response: { 200: z.looseObject({ openapi: z.string() }), '4xx': errorAnswer, '5xx': errorAnswer },
};
