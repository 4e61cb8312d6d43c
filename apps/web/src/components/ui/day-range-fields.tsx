import { DayInput, keepWhole } from './day-input';

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
