import { PageHeader } from './page-header';

/** What a screen shows to a role the server would refuse anyway (DESIGN §3: the server decides). */
export function NoAccess({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="card-panel">
        <p className="mb-0 text-muted">You do not have permission to use this screen. Please ask an Admin.</p>
      </div>
    </>
  );
}
