import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';

/** The recovery codes, shown once right after enrolment: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Copying is not allowed here. Please write the codes down.');
    }
  };
  const download = () => saveFile(new Blob([`${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt');

  return (
    <section className="recovery-codes" aria-labelledby="recovery-heading">
      <h3 id="recovery-heading">Save your recovery codes</h3>
      <p>
        Each code signs you in once if you lose your phone. They are shown <strong>only now</strong>: keep them
        somewhere safe.
      </p>
      <ol className="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-actions">
        <button type="button" className="btn btn-outline-secondary" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={download}>
          Download
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
