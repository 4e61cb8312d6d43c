import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface PendingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** while the action runs the button waits and says so */
  isPending: boolean;
  pendingLabel: ReactNode;
}

/** A button (a form's submit button unless told otherwise) that waits and says so while its action runs. */
export function PendingButton({
  isPending,
  pendingLabel,
  type = 'submit',
  form,
  className = 'btn btn-primary',
  disabled,
  children,
  ...button
}: PendingButtonProps) {
  return (
    <button type={type} form={form} className={className} disabled={isPending || disabled} {...button}>
      {isPending ? pendingLabel : children}
    </button>
  );
}
