import { type ErrorCode, isErrorCode } from '@nzeta/domain';
import { readSession } from './session';

export const API_BASE = '/api/';

/** Every answer carries status (1 success, 0 failure, 401 unauthorised), message and data. */
export interface ApiEnvelope<T = unknown> {
  status: number;
  message: string;
  data?: T;
  total?: number;
  /** on failures: the domain's error code (packages/domain/src/errors.ts) */
  code?: string;
  [key: string]: unknown;
}

/**
 * A refused or failed call: the server's message (what the user reads), the envelope status, the
 * real HTTP status (0 when the server was not reached) and the error code the web decides on.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | null;

  constructor(
    message: string,
    readonly status: number,
    readonly httpStatus: number,
    code?: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = isErrorCode(code) ? code : null;
  }

  /** The error of an answer that was not a success. */
  static of(envelope: ApiEnvelope, httpStatus: number): ApiError {
    return new ApiError(envelope.message || 'Something went wrong.', envelope.status, httpStatus, envelope.code);
  }
}

/** Does this error carry that code? The web decides on codes, never on message text. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

type Listener = (message: string) => void;
const unauthorizedListeners = new Set<Listener>();

/** The app decides what a 401 means (toast, clear the session, go to '/'); the client only tells. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const mfaSetupListeners = new Set<() => void>();
/** The server answers 403 with this code while the Admin requires two-step verification and it is not set up. */
export const MFA_SETUP_REQUIRED: ErrorCode = 'mfa-setup-required';

/** Told when a call was refused until two-step verification is set up (the app opens that screen). */
export function onMfaSetupRequired(listener: () => void): () => void {
  mfaSetupListeners.add(listener);
  return () => mfaSetupListeners.delete(listener);
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** visitor calls carry their own order-scoped token */
  token?: string | null;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(API_BASE + path.replace(/^\//, ''), window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/**
 * Sends a request and returns the envelope, whether the call succeeded or not (SPEC §7: the
 * error body is the result). Network failures become a status 0 envelope.
 */
export async function apiRequest(method: string, path: string, options: RequestOptions = {}): Promise<ApiEnvelope> {
  return (await send(method, path, options)).envelope;
}

/** The envelope with the HTTP status it came with (0 when the server was not reached). */
async function send(
  method: string,
  path: string,
  options: RequestOptions,
): Promise<{ envelope: ApiEnvelope; httpStatus: number }> {
  const token = options.token === undefined ? readSession()?.accessToken : options.token;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token) headers.authorization = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal ?? null });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return {
      envelope: { status: 0, message: 'Could not reach the server. Please check your connection.' },
      httpStatus: 0,
    };
  }
  const envelope = await parseEnvelope(response);
  // Only the staff session's 401 means "signed out"; a refused visitor token is the caller's business.
  const usesSession = options.token === undefined;
  if (usesSession && (response.status === 401 || envelope.status === 401)) {
    for (const listener of unauthorizedListeners) listener(envelope.message);
  }
  if (usesSession && response.status === 403 && envelope.code === MFA_SETUP_REQUIRED) {
    for (const listener of mfaSetupListeners) listener();
  }
  return { envelope, httpStatus: response.status };
}

/** Is this the spec's envelope (a numeric status and a message)? */
export function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';
}

async function parseEnvelope(response: Response): Promise<ApiEnvelope> {
  try {
    const json: unknown = await response.json();
    if (isEnvelope(json)) return json;
  } catch {
    // fall through: not JSON
  }
  return { status: response.ok ? 1 : 0, message: response.ok ? '' : `Request failed (${response.status}).` };
}

/** For queries and mutations: the data of a successful answer, or an ApiError carrying the message. */
export async function apiCall(method: string, path: string, options: RequestOptions = {}): Promise<ApiEnvelope> {
  const { envelope, httpStatus } = await send(method, path, options);
  if (envelope.status !== 1) throw ApiError.of(envelope, httpStatus);
  return envelope;
}

/** Binary answers (PDFs, CSV): the blob on success, the envelope's message otherwise. */
export async function apiBlob(method: string, path: string, options: RequestOptions = {}): Promise<Blob> {
  const token = readSession()?.accessToken;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  if (!response.ok || response.headers.get('content-type')?.includes('application/json')) {
    const envelope = await parseEnvelope(response);
    if (response.status === 401) for (const listener of unauthorizedListeners) listener(envelope.message);
    throw ApiError.of(envelope, response.status);
  }
  return response.blob();
}
