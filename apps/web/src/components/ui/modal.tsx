import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from './icon';
import '../../styles/modal.css';

export interface ModalProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** buttons along the bottom */
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  /** while something runs that must not be interrupted, Escape and the close button wait */
  isBusy?: boolean;
}

/**
 * A modal window on the native <dialog> opened with showModal(): the browser keeps focus inside
 * it, makes the page behind inert and reports Escape. Focus returns to whatever opened it.
 * Render it only while open.
 */
export function Modal({ title, onClose, children, footer, size = 'md', isBusy = false }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`app-modal app-modal-${size}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape closes through React state, never behind its back.
        event.preventDefault();
        if (!isBusy) onClose();
      }}
    >
      <div className="app-modal-header">
        <h2 id={titleId} className="app-modal-title">
          {title}
        </h2>
        <button type="button" className="app-modal-close" aria-label="Close" onClick={onClose} disabled={isBusy}>
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="app-modal-body">{children}</div>
      {footer && <div className="app-modal-footer">{footer}</div>}
    </dialog>
  );
}
