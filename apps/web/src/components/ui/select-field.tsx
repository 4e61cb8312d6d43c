import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { describedControl, Field } from './field';
import { errorOf, type FormBinding } from './form-binding';

export interface SelectFieldProps<T extends FieldValues> {
  id: string;
  label: ReactNode;
  form: FormBinding<T>;
  name: FieldPath<T>;
  /** the empty first choice, which the form's rules refuse */
  placeholder: string;
  options: readonly { value: string | number; label: string }[];
  className?: string | undefined;
}

/** A labelled Bootstrap select of a form, with its validation message under it. */
export function SelectField<T extends FieldValues>({
  id,
  label,
  form,
  name,
  placeholder,
  options,
  className,
}: SelectFieldProps<T>) {
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} error={error} className={className}>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        {...describedControl(id, error)}
        {...form.register(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
