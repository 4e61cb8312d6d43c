import { codeForHttpStatus, ERROR_CODES, type ErrorCode } from '@nzeta/domain';

/**
 * The one error type of the API. `httpStatus` is the HTTP answer; the body is always the
 * envelope {status, message, code} (status 401 for authentication failures, 0 otherwise). The
 * code comes from the domain's table; without one the status's general code is used.
 */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    message: string,
    readonly httpStatus = 400,
    readonly headers: Record<string, string> = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? codeForHttpStatus(httpStatus);
  }
}

/** An error of the table: its HTTP status, and its message unless the case has better words. */
export function appError(code: ErrorCode, message?: string, headers: Record<string, string> = {}): AppError {
  const spec = ERROR_CODES[code];
  return new AppError(message ?? spec.message, spec.httpStatus, headers, code);
}

export const unauthorized = (message = 'Your session has expired. Please sign in again.') =>
  appError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that.') => appError('FORBIDDEN_ROLE', message);
export const notFound = (message = 'Not found.', code: ErrorCode = 'NOT_FOUND') => appError(code, message);
export const badRequest = (message: string, code: ErrorCode = 'VALIDATION_FAILED') => appError(code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => appError(code, message);

export const MFA_SETUP_REQUIRED = 'mfa-setup-required';
/** The Admin requires two-step verification and this member has not set it up yet. */
export const mfaSetupRequired = () => appError(MFA_SETUP_REQUIRED);
