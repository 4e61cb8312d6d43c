import { zodResolver } from '@hookform/resolvers/zod';
import { type ReportRangeInput, reportRangeInput } from '@nzeta/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';

/** DD/MM/YYYY as typed (the console's one date format) to the YYYY-MM-DD the API takes. */
const typedDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^$|^\d{2}\/\d{2}\/\d{4}$/, `Please enter the ${label} date as DD/MM/YYYY.`)
    .transform((value) => (value ? `${value.slice(6)}-${value.slice(3, 5)}-${value.slice(0, 2)}` : ''));
// The API's schema takes optional dates; the form always sends both strings (empty for none).
const apiRange = reportRangeInput as unknown as z.ZodType<ReportRangeInput, { fromDate: string; toDate: string }>;
const rangeForm = z.object({ fromDate: typedDate('From'), toDate: typedDate('To') }).pipe(apiRange);
type RangeForm = z.input<typeof rangeForm>;
const resolver: Resolver<RangeForm, unknown, ReportRangeInput> = zodResolver(rangeForm);

const RANGE_FIELDS = [
  { name: 'fromDate', label: 'From' },
  { name: 'toDate', label: 'To' },
] as const;

/** From and To (calendar days in the business time zone, DD/MM/YYYY, both optional) and Submit (SPEC §2.8). */
export function ReportFilters({ isBusy, onSubmit }: { isBusy: boolean; onSubmit(range: ReportRangeInput): void }) {
  const form = useForm<RangeForm, unknown, ReportRangeInput>({ resolver, defaultValues: { fromDate: '', toDate: '' } });
  return (
    <form className="report-filters" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {RANGE_FIELDS.map(({ name, label }) => (
        <TextField
          key={name}
          id={`report-${label.toLowerCase()}`}
          label={label}
          placeholder="DD/MM/YYYY"
          inputMode="numeric"
          className="report-field"
          form={form}
          name={name}
        />
      ))}
      <PendingButton className="btn btn-primary report-submit" isPending={isBusy} pendingLabel="Loading…">
        Submit
      </PendingButton>
    </form>
  );
}
