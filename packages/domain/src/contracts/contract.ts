import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint as server and web both see it: where it lives, what it takes and what it answers.
 * The server registers `answer` as the route's response schema, so an answer is checked against it
 * and loses any field it does not list; the web's client reads its types from the same object.
 */
export interface Contract<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType | null = z.ZodType | null,
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
> {
  method: Method;
  /** Fastify's route pattern below /api, e.g. '/admin/team-member-info/:id' */
  path: Path;
  params?: Params;
  query?: Query;
  body?: Body;
  /** the JSON answer of a success; null for files and streams, whose type `produces` names */
  answer: Answer;
  produces?: string;
  /** success codes besides 200 that answer the same shape (intake: 201 for a new record) */
  alsoAnswers?: readonly number[];
}

export function contract<
  const Params extends z.ZodType | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Answer extends z.ZodType | null = z.ZodType,
  const Method extends HttpMethod = HttpMethod,
  const Path extends string = string,
>(
  definition: Contract<Params, Query, Body, Answer, Method, Path>,
): Contract<Params, Query, Body, Answer, Method, Path> {
  return definition;
}

// One line per endpoint for the common shapes (the path, then what it takes, then what it answers).
type Json = z.ZodType;

export function post<const P extends string, const B extends Json, const A extends Json>(path: P, body: B, answer: A) {
  return contract({ method: 'POST', path, body, answer });
}

export function put<const P extends string, const B extends Json, const A extends Json>(path: P, body: B, answer: A) {
  return contract({ method: 'PUT', path, body, answer });
}

export function get<const P extends string, const A extends Json>(path: P, answer: A) {
  return contract({ method: 'GET', path, answer });
}

/** A GET whose path names a record (`:orderId`, `:id`). */
export function getWith<const P extends string, const R extends Json, const A extends Json>(
  path: P,
  params: R,
  answer: A,
) {
  return contract({ method: 'GET', path, params, answer });
}

/** A POST that takes no JSON body (a multipart upload, an action on the session). */
export function postEmpty<const P extends string, const A extends Json>(path: P, answer: A) {
  return contract({ method: 'POST', path, answer });
}

/**
 * The spec's envelope (SPEC §7): status (1 success, 0 failure, 401 unauthorised), message and
 * data; `extra` adds the top-level fields some answers carry beside data (total, jwtToken…).
 */
export function answer<Data extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  data: Data,
  extra?: Extra,
) {
  return z.object({ status: z.number(), message: z.string(), data: data.optional(), ...(extra ?? ({} as Extra)) });
}

/** An answer whose data is null (the spec's "data is read" calls that return nothing to read). */
export const emptyAnswer = answer(z.null());

/** The id of the record a call created. */
export const createdAnswer = answer(z.object({ id: z.number() }));

/** The envelope without data. */
export const messageAnswer = z.object({ status: z.number(), message: z.string() });

/**
 * Every error answer: the spec's status and message, and a machine-readable code where the
 * server gives one. Loose on purpose: an error may carry what the caller needs to recover (a
 * claim conflict's outcome, the health check's engine), and errors never carry records.
 */
export const errorAnswer = z.looseObject({
  status: z.number(),
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/**
 * The database time of the last change the console heard of (the event stream's `at`): a read
 * naming it is never answered from counts older than that change.
 */
export const seenChange = z.coerce.number().positive().optional();

/** A date-time or date as the API writes it (ISO 8601 text). */
export const isoText = z.string();
