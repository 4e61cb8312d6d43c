import { bundleProfilesInput, DISPUTE_NETWORKS } from '@nzeta/domain';
import { useState } from 'react';
import { TableHead } from '../../../components/ui/table-head';
import { toast } from '../../../lib/toast';
import { type BundleProfiles, useBundleProfiles, useSaveBundleProfiles } from '../api/bundle-profiles';

const MB = 1024 * 1024;

/** The card networks' limits for one evidence bundle: pages and megabytes per network. */
export function BundleProfilesSection() {
  const profiles = useBundleProfiles();
  return (
    <section className="card-panel" aria-labelledby="bundle-profiles-heading">
      <h2 id="bundle-profiles-heading">Chargeback evidence limits</h2>
      {profiles.isError && <p className="text-danger">{profiles.error.message}</p>}
      {profiles.data && <BundleProfilesForm initial={profiles.data} />}
    </section>
  );
}

function BundleProfilesForm({ initial }: { initial: BundleProfiles }) {
  const save = useSaveBundleProfiles();
  const [values, setValues] = useState(() =>
    Object.fromEntries(
      DISPUTE_NETWORKS.map((n) => [n, { pages: String(initial[n].maxPages), mb: String(initial[n].maxBytes / MB) }]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = bundleProfilesInput.safeParse(
      Object.fromEntries(
        DISPUTE_NETWORKS.map((n) => [
          n,
          { maxPages: values[n]?.pages, maxBytes: Math.round(Number(values[n]?.mb) * MB) },
        ]),
      ),
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the limits.');
    setError(null);
    if ((await save.mutateAsync(parsed.data)).status === 1) toast.success('Limits saved.');
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-muted small">
        The evidence bundle is shortened until it fits the chosen network's limits for one file.
      </p>
      <table className="table table-sm align-middle">
        <TableHead columns={['Network', 'Max pages', 'Max size (MB)']} />
        <tbody>
          {DISPUTE_NETWORKS.map((n) => (
            <tr key={n}>
              <th scope="row">{n}</th>
              {(['pages', 'mb'] as const).map((field) => (
                <td key={field}>
                  <input
                    className="form-control form-control-sm"
                    inputMode="decimal"
                    aria-label={`${n} ${field === 'pages' ? 'max pages' : 'max size in MB'}`}
                    value={values[n]?.[field] ?? ''}
                    onChange={(event) =>
                      setValues((v) => ({
                        ...v,
                        [n]: { ...(v[n] ?? { pages: '', mb: '' }), [field]: event.target.value },
                      }))
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
        Save limits
      </button>
    </form>
  );
}
