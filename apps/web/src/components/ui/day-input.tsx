import { isoDayToTyped, typedDayToIso } from '@nzeta/domain';
import { type InputHTMLAttributes, useEffect, useState } from 'react';

export interface DayInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'placeholder' | 'min' | 'max'> {
  /** YYYY-MM-DD or '' */
  value: string;
  /**
   * The day as YYYY-MM-DD once a real one is typed, '' when the box is emptied, and the text as
   * typed otherwise, so a form's validation can refuse it.
   */
  onChange(value: string): void;
}

/**
 * A date picker in the console's one format, DD/MM/YYYY, typed: the browser's own date input
 * follows the browser's locale (mm/dd/yyyy on most staff machines).
 */
export function DayInput({ value, onChange, className, onBlur, ...input }: DayInputProps) {
  const [text, setText] = useState(() => isoDayToTyped(value));
  const [isTouched, setTouched] = useState(false);
  // A value set from outside (a reset, a reload) replaces what is shown.
  useEffect(() => {
    setText((shown) => {
      // Emptied: a whole day shown goes, a half-typed one is still being typed.
      if (!value) return typedDayToIso(shown) ? '' : shown;
      // Not a day: the text as typed, handed back by onChange.
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return shown;
      return typedDayToIso(shown) === value ? shown : isoDayToTyped(value);
    });
  }, [value]);
  const isInvalid = isTouched && text.trim() !== '' && typedDayToIso(text) === null;
  return (
    <input
      type="text"
      inputMode="numeric"
      placeholder="DD/MM/YYYY"
      autoComplete="off"
      maxLength={10}
      className={`${className ?? 'form-control'}${isInvalid ? ' is-invalid' : ''}`}
      aria-invalid={isInvalid || undefined}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        if (!typed.trim()) onChange('');
        else onChange(typedDayToIso(typed) ?? typed);
      }}
      onBlur={(event) => {
        setTouched(true);
        onBlur?.(event);
      }}
      {...input}
    />
  );
}

/** For filters: only a complete day (or none) changes them; a half-typed one keeps the last. */
export function keepWhole(previous: string, next: string): string {
  return next === '' || /^\d{4}-\d{2}-\d{2}$/.test(next) ? next : previous;
}

export interface DayRange {
  from: string;
  to: string;
}

export interface DayRangeFieldsProps {
  /** the inputs are `${id}-from` and `${id}-to` */
  id: string;
  labels: DayRange;
  range: DayRange;
  /** only a whole day (or none) changes an end: a half-typed one keeps the last */
  onChange(patch: Partial<DayRange>): void;
  isCompact?: boolean;
}

const ENDS = ['from', 'to'] as const;

/** A filter's From and To days, each labelled. */
export function DayRangeFields({ id, labels, range, onChange, isCompact = false }: DayRangeFieldsProps) {
  return ENDS.map((end) => (
    <div key={end}>
      <label htmlFor={`${id}-${end}`} className={isCompact ? 'form-label mb-0 d-block' : 'form-label'}>
        {labels[end]}
      </label>
      <DayInput
        id={`${id}-${end}`}
        className={isCompact ? 'form-control form-control-sm' : 'form-control'}
        value={range[end]}
        onChange={(value) => onChange({ [end]: keepWhole(range[end], value) })}
      />
    </div>
  ));
}
