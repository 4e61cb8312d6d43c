import type { Contract, HttpMethod } from '@nzeta/domain/contracts/contract';
import type { z } from 'zod';
import { type ApiEnvelope, ApiError, apiBlob, apiCall, apiRequest, type RequestOptions } from '../api-client';

/**
 * The typed client. A call names its endpoint's contract (packages/domain/src/contracts) as a
 * type, with the contract's method and path: the inputs and the answer are typed from the object
 * the server registers as the route's schemas, and the server checks every answer against it
 * before sending. The contracts are imported as types only, so the schemas and zod stay out of
 * the screens' first load.
 */

type JsonContract = Contract & { answer: z.ZodType };
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The answer of a success, as the contract describes it. */
export type AnswerOf<C extends JsonContract> = z.output<C['answer']>;
/** The data of a success. */
export type DataOf<C extends JsonContract> = NonNullable<AnswerOf<C> extends { data?: infer D } ? D : never>;

/** The envelope of a refusal or failure (SPEC §7): status, message and, where given, a code. */
export interface FailedAnswer {
  status: number;
  message: string;
  code?: string;
}

/** What a call sends: each part typed by the contract's schema for it (a part it lacks is never). */
export interface EndpointInput<C extends Contract> {
  params?: InputOf<C['params']>;
  query?: InputOf<C['query']>;
  /** FormData for the multipart upload, whose fields the server checks itself */
  body?: InputOf<C['body']> | FormData;
}

type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

/** A success as its contract describes it, with the data field spelled out for fetchData. */
type Checked<C extends JsonContract> = AnswerOf<C> & { data?: DataOf<C> | null };

/**
 * The one place an answer takes its contract's type. The server has already checked it against
 * the same schema (the route's response schema) before sending, so it holds; TypeScript cannot
 * see that across the network.
 */
function checkedByServer<C extends JsonContract>(envelope: ApiEnvelope): Checked<C> {
  const answer: unknown = envelope;
  return answer as Checked<C>;
}
type Outcome<C extends JsonContract> = { ok: true; answer: AnswerOf<C> } | { ok: false; answer: FailedAnswer };

/** '/admin/team-member-info/:id' with { id: 7 } → 'admin/team-member-info/7'. */
export function endpointPath(path: string, params?: unknown): string {
  const values = new Map(typeof params === 'object' && params !== null ? Object.entries(params) : []);
  return path.replace(/^\//, '').replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null) throw new Error(`${path}: no value for ${name}`);
    return encodeURIComponent(String(value));
  });
}

function requestOptions(input: EndpointInput<Contract>, options: CallOptions): RequestOptions {
  // The contract's query schema takes text, numbers and flags: the URL's own kinds of value.
  const query = input.query as RequestOptions['query'];
  return { ...options, body: input.body, query };
}

async function send<C extends JsonContract>(
  method: C['method'] & HttpMethod,
  path: C['path'],
  input: EndpointInput<C>,
  options: CallOptions,
): Promise<Outcome<C>> {
  const envelope = await apiRequest(method, endpointPath(path, input.params), requestOptions(input, options));
  if (envelope.status !== 1) return { ok: false, answer: envelope };
  return { ok: true, answer: checkedByServer<C>(envelope) };
}

/** For queries and mutations: the answer of a success, or an ApiError carrying the message. */
export async function callEndpoint<C extends JsonContract>(
  method: C['method'],
  path: C['path'],
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<Checked<C>> {
  // apiCall throws the ApiError with the answer's code and HTTP status (the screens decide on them).
  return checkedByServer<C>(await apiCall(method, endpointPath(path, input.params), requestOptions(input, options)));
}

/**
 * The answer whether the call succeeded or not (SPEC §7: the error body is the result), for
 * callers that show any answer's message: `ok` tells which of the two it is.
 */
export function requestEndpoint<C extends JsonContract>(
  method: C['method'],
  path: C['path'],
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<Outcome<C>> {
  return send<C>(method, path, input, options);
}

/** An answer whatever its status: the contract's on a success, the refusal's envelope (no data) otherwise. */
export type EnvelopeOf<C extends JsonContract> = AnswerOf<C> | (FailedAnswer & { data?: undefined });

/**
 * For mutations (useApiMutation) and screens that show any answer's message: the envelope
 * whatever its status; only a call that never got an answer (aborted) throws.
 */
export async function sendEndpoint<C extends JsonContract>(
  method: C['method'],
  path: C['path'],
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<EnvelopeOf<C>> {
  return (await send<C>(method, path, input, options)).answer;
}

/**
 * For queries: the data of a success. A success without data is refused like a failure, so the
 * screens never hold a half answer.
 */
export async function fetchData<C extends JsonContract>(
  method: C['method'],
  path: C['path'],
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<DataOf<C>> {
  const { data } = await callEndpoint<C>(method, path, input, options);
  if (data === undefined || data === null) throw new ApiError('Something went wrong.', 0, 0);
  return data;
}

/** A file endpoint (PDF, CSV, document): the blob, or an ApiError with the envelope's message. */
export function downloadEndpoint<C extends Contract & { answer: null }>(
  method: C['method'],
  path: C['path'],
  input: EndpointInput<C> = {},
  options: CallOptions = {},
): Promise<Blob> {
  return apiBlob(method, endpointPath(path, input.params), requestOptions(input, options));
}
