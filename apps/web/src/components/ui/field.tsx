import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** the form's message for this field (SPEC §5), shown under it */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}

/** A label, the control it names, and the hint or the validation message under the control. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** What a control inside a Field says to screen readers about its message and hint. */
export function describedControl(id: string, error: string | undefined, hint?: ReactNode) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}
