import { toast } from 'react-toastify';

/**
 * Status 1 shows the server message as success, anything else as an error (SPEC §8). With a
 * `toastId` an action keeps one toast: a repeat replaces the one still showing.
 */
export function toastEnvelope(
  envelope: { status: number; message: string },
  fallback = 'Done.',
  toastId?: string,
): boolean {
  const isOk = envelope.status === 1;
  const message = envelope.message || (isOk ? fallback : '');
  if (message) showOnce(message, isOk ? 'success' : 'error', toastId);
  return isOk;
}

function showOnce(message: string, type: 'success' | 'error', toastId?: string): void {
  if (toastId && toast.isActive(toastId)) {
    toast.update(toastId, { render: message, type });
    return;
  }
  toast(message, { type, ...(toastId ? { toastId } : {}) });
}

export function toastError(error: unknown): void {
  toast.error(error instanceof Error ? error.message : 'Something went wrong.');
}

export { toast };
