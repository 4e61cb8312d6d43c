/**
 * The one error type of the API. `httpStatus` is the HTTP answer; the body is always the
 * envelope {status, message} (status 401 for authentication failures, 0 otherwise).
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly httpStatus = 400,
    readonly headers: Record<string, string> = {},
    /** a machine-readable reason the web acts on (e.g. 'mfa-setup-required') */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new AppError(message, 401);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(message, 403);
export const notFound = (message = 'Not found.') => new AppError(message, 404);
export const badRequest = (message: string) => new AppError(message, 400);
export const conflict = (message: string) => new AppError(message, 409);

export const MFA_SETUP_REQUIRED = 'mfa-setup-required';
/** The Admin requires two-step verification and this member has not set it up yet. */
export const mfaSetupRequired = () =>
  new AppError('Please set up two-step verification to continue.', 403, {}, MFA_SETUP_REQUIRED);
