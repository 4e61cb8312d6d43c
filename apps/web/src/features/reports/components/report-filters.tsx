import { zodResolver } from '@hookform/resolvers/zod';
import { type ReportRangeInput, reportRangeInput } from '@nzeta/domain';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';

type RangeForm = z.input<typeof reportRangeInput>;
const resolver: Resolver<RangeForm, unknown, ReportRangeInput> = zodResolver(reportRangeInput);

/** From and To (calendar days in the business time zone, both optional) and Submit (SPEC §2.8). */
export function ReportFilters({ isBusy, onSubmit }: { isBusy: boolean; onSubmit(range: ReportRangeInput): void }) {
  const form = useForm<RangeForm, unknown, ReportRangeInput>({ resolver, defaultValues: { fromDate: '', toDate: '' } });
  const { errors } = form.formState;
  return (
    <form className="report-filters" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        id="report-from"
        label="From"
        type="date"
        className="report-field"
        registration={form.register('fromDate')}
        error={errors.fromDate?.message}
      />
      <TextField
        id="report-to"
        label="To"
        type="date"
        className="report-field"
        registration={form.register('toDate')}
        error={errors.toDate?.message}
      />
      <button type="submit" className="btn btn-primary report-submit" disabled={isBusy}>
        {isBusy ? 'Loading…' : 'Submit'}
      </button>
    </form>
  );
}
