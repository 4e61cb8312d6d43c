/**
 * The API's error codes: every error answer carries one as `code` beside the spec's `status` and
 * `message`, so the web decides on a code and never on message text. Each code answers one HTTP
 * status; the message is the default the server sends when the case has no more precise words
 * (field messages of SPEC §5 come from the schemas and travel under VALIDATION_FAILED).
 */
export interface ErrorSpec {
  readonly httpStatus: number;
  readonly message: string;
}

export const ERROR_CODES = {
  /** a field, query or body the schema refuses (SPEC §5 messages) */
  VALIDATION_FAILED: { httpStatus: 400, message: 'Invalid request.' },
  INVALID_JSON: { httpStatus: 400, message: 'The request body is not valid JSON.' },
  /** a well-formed request a business rule refuses (deleting oneself, an order with no e-mail) */
  REQUEST_REFUSED: { httpStatus: 400, message: 'This cannot be done.' },
  /** sign-in refused: a wrong password or one-time code, or an unknown e-mail (DESIGN §4: 401) */
  INVALID_CREDENTIALS: { httpStatus: 401, message: 'Invalid email or password.' },
  /**
   * a wrong one-time code from a member already signed in (turning two-step verification on or
   * off, a new password): the session itself stands, so this is not a 401 that signs them out
   */
  WRONG_CODE: { httpStatus: 400, message: 'The code is not valid. Please try again.' },
  MFA_CODE_REQUIRED: { httpStatus: 400, message: 'Please enter the 6-digit code from your authenticator app.' },
  UNAUTHENTICATED: { httpStatus: 401, message: 'Your session has expired. Please sign in again.' },
  FORBIDDEN_ROLE: { httpStatus: 403, message: 'You do not have permission to do that.' },
  // Lower case because the web already acted on this string before codes were listed.
  'mfa-setup-required': { httpStatus: 403, message: 'Please set up two-step verification to continue.' },
  INVALID_SIGNATURE: { httpStatus: 403, message: 'Invalid signature.' },
  LINK_INVALID: { httpStatus: 403, message: 'This download link is invalid or has expired.' },
  NOT_FOUND: { httpStatus: 404, message: 'Not found.' },
  /** no route answers this method and path */
  ROUTE_NOT_FOUND: { httpStatus: 404, message: 'No such call.' },
  ORDER_NOT_FOUND: { httpStatus: 404, message: 'Order not found.' },
  MEMBER_NOT_FOUND: { httpStatus: 404, message: 'Team member not found.' },
  DOCUMENT_NOT_FOUND: { httpStatus: 404, message: 'Document not found.' },
  /** the lifecycle refuses the action in the order's state (DESIGN §2) */
  TRANSITION_NOT_ALLOWED: { httpStatus: 409, message: 'Not allowed in this status.' },
  /** the order is already in someone else's My Orders */
  CLAIM_CONFLICT: { httpStatus: 409, message: 'Order already taken.' },
  EMAIL_TAKEN: { httpStatus: 409, message: 'A team member with this email already exists.' },
  /** the customer marked our mail as spam: sending again needs a confirmation */
  ADDRESS_COMPLAINED: { httpStatus: 409, message: 'This address has complained about our mail.' },
  CONFLICT: { httpStatus: 409, message: 'This conflicts with the current state.' },
  REQUEST_IN_PROGRESS: {
    httpStatus: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
  },
  PAYLOAD_TOO_LARGE: { httpStatus: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { httpStatus: 415, message: 'Unsupported content type.' },
  ACCOUNT_LOCKED: { httpStatus: 423, message: 'This account is locked after too many failed attempts.' },
  RATE_LIMITED: { httpStatus: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL_ERROR: { httpStatus: 500, message: 'Something went wrong. Please try again.' },
  UPSTREAM_FAILED: { httpStatus: 502, message: 'A service we depend on did not answer.' },
  SERVICE_UNAVAILABLE: {
    httpStatus: 503,
    message: 'The service is temporarily unavailable. Please try again shortly.',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function errorSpec(code: ErrorCode): ErrorSpec {
  return ERROR_CODES[code];
}

/** The general code of an HTTP status, for failures that name nothing more precise. */
const BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN_ROLE',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  423: 'ACCOUNT_LOCKED',
  429: 'RATE_LIMITED',
  502: 'UPSTREAM_FAILED',
  503: 'SERVICE_UNAVAILABLE',
};

export function codeForHttpStatus(httpStatus: number): ErrorCode {
  return BY_STATUS[httpStatus] ?? (httpStatus >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
}
