import { COMPLAINED_ADDRESS_MESSAGE } from '@nzeta/domain';
import { useState } from 'react';
import { toastEnvelope } from '../../../lib/toast';

/** The answer of a send: what is toasted, and the code that asks for a confirmation. */
type Answer = { status: number; message: string; code?: string | undefined };
type Send = (confirmComplained: boolean) => Promise<Answer>;

/**
 * Sends, and when the server answers that the address once reported our mail as spam, asks the
 * member to confirm before sending again with confirmComplained.
 */
export function useComplaintConfirmation() {
  const [pending, setPending] = useState<(() => Promise<Answer>) | null>(null);

  async function attempt(send: Send) {
    const answer = await send(false);
    if (answer.code === 'ADDRESS_COMPLAINED') setPending(() => () => send(true));
    else toastEnvelope(answer);
  }

  async function confirm() {
    const send = pending;
    setPending(null);
    if (send) toastEnvelope(await send());
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
