import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';

/** Ends the session on the server too (the token is revoked), then the caller clears it locally. */
export async function logout(): Promise<void> {
  await sendEndpoint<typeof accountApi.logout>('POST', '/admin/logout').catch(() => undefined);
}
