import { useId, useRef } from 'react';
import { useModalDialog } from './use-modal-dialog';
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

/** A modal yes/no question on the native <dialog> (see useModalDialog); focus starts on the safe answer. */
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog({ isOpen, isBusy, onClose: onCancel, focusRef: cancelRef });
  const titleId = useId();
  const messageId = useId();

  if (!isOpen) return null;
  return (
    <dialog {...dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={messageId}>
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
