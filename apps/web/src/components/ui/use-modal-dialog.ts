import { type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';

export interface ModalDialogOptions {
  isOpen?: boolean;
  /** while something runs that must not be interrupted, Escape waits */
  isBusy: boolean;
  onClose(): void;
  /** what takes the focus when the dialog opens (the browser's choice otherwise) */
  focusRef?: RefObject<HTMLElement | null>;
}

/**
 * A native <dialog> opened with showModal() while it is open: the browser keeps focus inside it,
 * makes the page behind inert and reports Escape, which closes it through React state, never
 * behind its back. Focus returns to whatever opened it. Spread the answer on the <dialog>.
 */
export function useModalDialog({ isOpen = true, isBusy, onClose, focusRef }: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusRef?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [isOpen, focusRef]);
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (!isBusy) onClose();
  };
  return { ref, onCancel };
}
