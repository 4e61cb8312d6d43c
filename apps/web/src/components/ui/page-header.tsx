import type { ReactNode } from 'react';

/** A screen's title bar. */
export function PageHeader({ title, id }: { title: ReactNode; id?: string }) {
  return (
    <div className="page-header">
      <h1 id={id}>{title}</h1>
    </div>
  );
}
