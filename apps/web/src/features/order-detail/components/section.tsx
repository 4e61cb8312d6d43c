import type { ReactNode } from 'react';

/** One titled card of the detail page; the id names it for links and tests. */
export function Section({
  id,
  title,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      className={`card-panel detail-section${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <div className="detail-section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {actions && <div className="detail-section-actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
