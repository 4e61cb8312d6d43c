import { apiRequest } from '../../../lib/api-client';

/** Ends the session on the server too (the token is revoked), then the caller clears it locally. */
export async function logout(): Promise<void> {
  await apiRequest('POST', 'admin/logout').catch(() => undefined);
}
