import { COMPLAINED_ADDRESS_MESSAGE } from '@nzeta/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toast';

/**
 * Sends, and when the server answers that the address once reported our mail as spam, asks the
 * member to confirm before sending again with confirmComplained.
 */
export function useComplaintConfirmation() {
  const [pending, setPending] = useState<(() => Promise<{ message: string }>) | null>(null);

  async function attempt(send: (confirmComplained: boolean) => Promise<{ message: string }>) {
    try {
      toast.success((await send(false)).message);
    } catch (error) {
      // apiCall keeps the envelope, not the HTTP status: the shared message is the signal.
      if (error instanceof ApiError && error.message === COMPLAINED_ADDRESS_MESSAGE) {
        setPending(() => () => send(true));
      } else {
        toastError(error);
      }
    }
  }

  async function confirm() {
    const send = pending;
    setPending(null);
    if (!send) return;
    try {
      toast.success((await send()).message);
    } catch (error) {
      toastError(error);
    }
  }

  return {
    attempt,
    dialog: {
      isOpen: pending !== null,
      title: 'This address reported spam',
      message: COMPLAINED_ADDRESS_MESSAGE,
      confirmLabel: 'Send anyway',
      cancelLabel: 'Cancel',
      onConfirm: () => void confirm(),
      onCancel: () => setPending(null),
    },
  };
}
