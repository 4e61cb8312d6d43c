import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { describedControl, Field } from './field';
import { errorOf, type FormBinding } from './form-binding';

export interface TextFieldProps<T extends FieldValues>
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> {
  id: string;
  label: ReactNode;
  form: FormBinding<T>;
  name: FieldPath<T>;
  hint?: ReactNode;
}

/** A labelled Bootstrap input of a form, with its validation message under it, wired for screen readers. */
export function TextField<T extends FieldValues>({
  id,
  label,
  form,
  name,
  hint,
  className,
  ...input
}: TextFieldProps<T>) {
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        type="text"
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...describedControl(id, error, hint)}
        {...input}
        {...form.register(name)}
      />
    </Field>
  );
}
