import { useEffect, useId, useRef } from 'react';
import '../../styles/confirm-dialog.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** SPEC §8's default question */
  message?: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** while the confirmed action runs: both buttons wait */
  isBusy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal yes/no question on the native <dialog>: the browser keeps focus inside it, makes the
 * page behind inert and closes it on Escape. Focus starts on the safe answer and returns to
 * whatever opened the dialog.
 */
export function ConfirmDialog({
  isOpen,
  message = 'Are you sure you want to delete?',
  title = 'Please confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        // Escape: the dialog closes through React state, never behind its back.
        event.preventDefault();
        if (!isBusy) onCancel();
      }}
    >
      <div className="confirm-dialog-body">
        <h2 id={titleId} className="confirm-dialog-title">
          {title}
        </h2>
        <p id={messageId} className="confirm-dialog-message">
          {message}
        </p>
      </div>
      <div className="confirm-dialog-actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={isBusy}
        >
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={isBusy}>
          {isBusy ? 'Please wait…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
