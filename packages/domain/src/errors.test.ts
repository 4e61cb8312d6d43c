import { describe, expect, it } from 'vitest';
import { codeForHttpStatus, ERROR_CODES, type ErrorCode, isErrorCode } from './errors';
import { REFUSAL_CODES, SKIP_REASONS } from './lifecycle';

const codes = Object.keys(ERROR_CODES) as ErrorCode[];

describe('error codes', () => {
  it('lists each code once, with an error status and a message', () => {
    expect(new Set(codes.map((code) => code.toUpperCase())).size).toBe(codes.length);
    for (const code of codes) {
      const { httpStatus, message } = ERROR_CODES[code];
      expect(httpStatus, code).toBeGreaterThanOrEqual(400);
      expect(httpStatus, code).toBeLessThan(600);
      expect(message.trim(), code).not.toBe('');
    }
  });

  it('keeps the names the web acts on', () => {
    expect(ERROR_CODES.ORDER_NOT_FOUND).toEqual({ httpStatus: 404, message: 'Order not found.' });
    expect(ERROR_CODES.CLAIM_CONFLICT.httpStatus).toBe(409);
    expect(ERROR_CODES.TRANSITION_NOT_ALLOWED.httpStatus).toBe(409);
    expect(ERROR_CODES.FORBIDDEN_ROLE.httpStatus).toBe(403);
    expect(ERROR_CODES.UNAUTHENTICATED.httpStatus).toBe(401);
    expect(ERROR_CODES.INVALID_CREDENTIALS.httpStatus).toBe(401);
    expect(ERROR_CODES.RATE_LIMITED.httpStatus).toBe(429);
    expect(ERROR_CODES.VALIDATION_FAILED.httpStatus).toBe(400);
    expect(ERROR_CODES['mfa-setup-required'].httpStatus).toBe(403);
  });

  it('gives every listed status its general code, which answers that status', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 423, 429, 502, 503]) {
      expect(ERROR_CODES[codeForHttpStatus(status)].httpStatus, String(status)).toBe(status);
    }
    expect(codeForHttpStatus(500)).toBe('INTERNAL_ERROR');
  });

  it('recognises only its own codes', () => {
    expect(isErrorCode('ORDER_NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('Order not found.')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('gives every lifecycle refusal a code whose status matches the refusal', () => {
    for (const reason of SKIP_REASONS) expect(isErrorCode(REFUSAL_CODES[reason]), reason).toBe(true);
    expect(ERROR_CODES[REFUSAL_CODES.role].httpStatus).toBe(403);
    expect(ERROR_CODES[REFUSAL_CODES['not-found']].httpStatus).toBe(404);
    expect(REFUSAL_CODES.taken).toBe('CLAIM_CONFLICT');
    for (const reason of SKIP_REASONS.filter((r) => r !== 'role' && r !== 'not-found')) {
      expect(ERROR_CODES[REFUSAL_CODES[reason]].httpStatus, reason).toBe(409);
    }
  });
});
