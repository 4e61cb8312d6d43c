import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/** The part of a react-hook-form form a bound field needs: whatever the form's output type. */
export type FormBinding<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;

/** The field's validation message; reading it subscribes the form to its errors. */
export function errorOf<T extends FieldValues>(form: FormBinding<T>, name: FieldPath<T>): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}
