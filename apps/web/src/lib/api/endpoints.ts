import type { Contract } from '@nzeta/domain/contracts/contract';
import type { z } from 'zod';
import { ApiError, apiBlob, apiRequest, type RequestOptions } from '../api-client';

/**
 * The typed client: every call names its endpoint's contract (packages/domain/src/contracts), so
 * the path, the inputs and the answer's type come from the object the server registers. A
 * success is read through the contract's answer schema, which gives its type without a cast.
 */

/** An endpoint answering JSON whose success reads as O. */
type JsonContract<O = unknown> = Contract & { answer: z.ZodType<O> };
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The answer of a success, as the contract describes it. */
export type AnswerOf<C extends JsonContract> = z.output<C['answer']>;
/** The data of a success. */
export type DataOf<C extends JsonContract> = NonNullable<AnswerOf<C> extends { data?: infer D } ? D : never>;

/** The envelope of a refusal or failure (SPEC §7): status, message and, where given, a code. */
export interface FailedAnswer {
  status: number;
  message: string;
  code?: unknown;
}

/** What a call sends: each part typed by the contract's schema for it (a part it lacks is never). */
export interface EndpointInput<C extends Contract> {
  params?: InputOf<C['params']>;
  query?: InputOf<C['query']>;
  /** FormData for the multipart upload, whose fields the server checks itself */
  body?: InputOf<C['body']> | FormData;
}

type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

/** '/admin/team-member-info/:id' with { id: 7 } → 'admin/team-member-info/7'. */
export function endpointPath(c: Contract, params?: unknown): string {
  const values = new Map(typeof params === 'object' && params !== null ? Object.entries(params) : []);
  return c.path.replace(/^\//, '').replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null) throw new Error(`${c.path}: no value for ${name}`);
    return encodeURIComponent(String(value));
  });
}

type Outcome<O> = { ok: true; answer: O } | { ok: false; answer: FailedAnswer };

async function send<C extends JsonContract<O>, O>(
  c: C,
  input: EndpointInput<C>,
  options: CallOptions,
): Promise<Outcome<O>> {
  const envelope = await apiRequest(c.method, endpointPath(c, input.params), {
    ...options,
    body: input.body,
    query: input.query as RequestOptions['query'],
  });
  if (envelope.status !== 1) return { ok: false, answer: envelope };
  const parsed = c.answer.safeParse(envelope);
  if (parsed.success) return { ok: true, answer: parsed.data };
  // The server checks its answers against the same schema: this is a server and console of
  // different versions, and reads as any other failure.
  console.error(`${c.method} ${c.path}: the answer does not match its contract`, parsed.error.issues);
  return { ok: false, answer: { status: 0, message: 'Something went wrong. Please try again.' } };
}

/** For queries and mutations: the answer of a success, or an ApiError carrying the message. */
export async function callEndpoint<C extends JsonContract<O>, O>(
  c: C & JsonContract<O>,
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<O> {
  const result = await send<C, O>(c, input, options);
  if (!result.ok) throw new ApiError(result.answer.message || 'Something went wrong.', result.answer.status, 0);
  return result.answer;
}

/**
 * The answer whether the call succeeded or not (SPEC §7: the error body is the result), for
 * callers that show any answer's message: `ok` tells which of the two it is.
 */
export function requestEndpoint<C extends JsonContract<O>, O>(
  c: C & JsonContract<O>,
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<Outcome<O>> {
  return send<C, O>(c, input, options);
}

/**
 * For queries: the data of a success. A success without data is refused like a failure, so the
 * screens never hold a half answer.
 */
export async function fetchData<C extends JsonContract<{ data?: D }>, D>(
  c: C & JsonContract<{ data?: D }>,
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<NonNullable<D>> {
  const answer = await callEndpoint<C, { data?: D }>(c, input, options);
  if (answer.data === undefined || answer.data === null) throw new ApiError('Something went wrong.', 0, 0);
  return answer.data;
}

/** A file endpoint (PDF, CSV, document): the blob, or an ApiError with the envelope's message. */
export function downloadEndpoint<C extends Contract & { answer: null }>(
  c: C,
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<Blob> {
  return apiBlob(c.method, endpointPath(c, input.params), {
    ...options,
    body: input.body,
    query: input.query as RequestOptions['query'],
  });
}
