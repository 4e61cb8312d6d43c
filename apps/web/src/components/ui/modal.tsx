import { type ReactNode, useId } from 'react';
import { Icon } from './icon';
import { useModalDialog } from './use-modal-dialog';
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

/** A modal window on the native <dialog> (see useModalDialog). Render it only while open. */
export function Modal({ title, onClose, children, footer, size = 'md', isBusy = false }: ModalProps) {
  const dialog = useModalDialog({ isBusy, onClose });
  const titleId = useId();

  return (
    <dialog {...dialog} className={`app-modal app-modal-${size}`} aria-labelledby={titleId} aria-modal="true">
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
