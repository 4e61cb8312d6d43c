import { toast } from 'react-toastify';
import type { ApiEnvelope } from './api-client';

/** Status 1 shows the server message as success, anything else as an error (SPEC §8). */
export function toastEnvelope(envelope: ApiEnvelope, fallback = 'Done.'): boolean {
  if (envelope.status === 1) {
    toast.success(envelope.message || fallback);
    return true;
  }
  if (envelope.message) toast.error(envelope.message);
  return false;
}

export function toastError(error: unknown): void {
  toast.error(error instanceof Error ? error.message : 'Something went wrong.');
}

export { toast };
