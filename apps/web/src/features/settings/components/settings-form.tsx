import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_ADDRESS_LINES, type Settings, type SettingsInput, settingsInput } from '@nzeta/domain';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { useSaveSettings } from '../api/save-settings';

const SHOWN_ADDRESS_LINES = 4;

/** Pads the address to a fixed number of inputs; empty ones are dropped on save. */
function toFormValues(settings: Settings): SettingsInput {
  const count = Math.min(MAX_ADDRESS_LINES, Math.max(SHOWN_ADDRESS_LINES, settings.company.addressLines.length));
  const addressLines = Array.from({ length: count }, (_, i) => settings.company.addressLines[i] ?? '');
  return { ...settings, company: { ...settings.company, addressLines } };
}

export function SettingsForm({ initial }: { initial: Settings }) {
  const save = useSaveSettings();
  const form = useForm<SettingsInput, unknown, Settings>({
    resolver: zodResolver(settingsInput),
    defaultValues: toFormValues(initial),
  });
  const addressLines = toFormValues(initial).company.addressLines;
  const { register, formState } = form;
  const addressErrors = formState.errors.company?.addressLines;
  // A rule on the whole address arrives as `root` (or the field itself); a rule on one line at its index.
  const lineError = addressLines.map((_, i) => addressErrors?.[i]?.message).find(Boolean);
  const addressError = addressErrors?.root?.message ?? addressErrors?.message ?? lineError;

  const onSubmit = form.handleSubmit(async (input) => {
    const answer = await save.mutateAsync(input);
    if (answer.status === 1 && answer.data) form.reset(toFormValues(answer.data));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="settings-form">
      <section className="card-panel" aria-labelledby="product-heading">
        <h2 id="product-heading">Product</h2>
        <TextField
          id="productTitle"
          label="Product title"
          hint="Shown on the sign-in screen, in the console header and in e-mails."
          form={form}
          name="productTitle"
        />
      </section>

      <section className="card-panel" aria-labelledby="company-heading">
        <h2 id="company-heading">Company</h2>
        <p className="text-muted small">Printed on defence pack letters, invoices and customer e-mails.</p>
        <div className="settings-grid">
          <TextField id="company-name" label="Company name" form={form} name="company.name" />
          <TextField id="company-phone" label="Phone" type="tel" form={form} name="company.phone" />
          <TextField id="company-email" label="Email" type="email" form={form} name="company.email" />
          <TextField
            id="company-website"
            label="Website"
            type="url"
            placeholder="https://"
            form={form}
            name="company.website"
          />
        </div>
        <fieldset className="address-lines">
          <legend className="form-label">Address</legend>
          {addressLines.map((_, index) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of inputs, one per address line
              key={index}
              className={`form-control${addressErrors?.[index] || (addressError && !lineError && index === 0) ? ' is-invalid' : ''}`}
              aria-label={`Address line ${index + 1}`}
              placeholder={`Address line ${index + 1}`}
              {...register(`company.addressLines.${index}`)}
            />
          ))}
          {addressError && <div className="invalid-feedback">{addressError}</div>}
        </fieldset>
      </section>

      <section className="card-panel" aria-labelledby="support-heading">
        <h2 id="support-heading">Customer support</h2>
        <p className="text-muted small">The contacts customers see in approval and refund e-mails.</p>
        <div className="settings-grid">
          <TextField id="support-phone" label="Support phone" type="tel" form={form} name="support.phone" />
          <TextField id="support-email" label="Support email" type="email" form={form} name="support.email" />
        </div>
      </section>

      <SwitchSection
        id="policy-heading"
        title="Sign-in policy"
        field={register('requireMfa')}
        label="Require two-step verification for every team member"
        note="Members without it are sent to the Security screen to set it up right after they sign in."
      />

      <SwitchSection
        id="mail-heading"
        title="E-mail delivery"
        field={register('autoMailFallback')}
        label="Re-send a refused approval e-mail through the other provider automatically"
        note="When off, Email History offers the re-send with one click instead."
      />

      <div className="settings-save">
        <PendingButton
          className="btn btn-primary settings-submit"
          isPending={save.isPending}
          pendingLabel="Saving…"
          disabled={!formState.isDirty}
        >
          Save Settings
        </PendingButton>
      </div>
    </form>
  );
}

interface SwitchSectionProps {
  /** the heading's id */
  id: string;
  title: string;
  field: UseFormRegisterReturn<'requireMfa' | 'autoMailFallback'>;
  label: string;
  note: string;
}

/** A card with one on/off setting, its heading and a note under the switch. */
function SwitchSection({ id, title, field, label, note }: SwitchSectionProps) {
  return (
    <section className="card-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="form-check form-switch">
        <input id={field.name} type="checkbox" className="form-check-input" {...field} />
        <label htmlFor={field.name} className="form-check-label">
          {label}
        </label>
      </div>
      <p className="text-muted small mt-2 mb-0">{note}</p>
    </section>
  );
}
