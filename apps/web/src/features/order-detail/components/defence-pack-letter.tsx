import type { DefencePackDetails } from '@nzeta/domain';
import { TableHead } from '../../../components/ui/table-head';

/** The defence pack letter on screen, laid out like the PDF the print button makes. */
export function DefencePackLetter({ letter }: { letter: DefencePackDetails }) {
  return (
    <article className="pack-letter" aria-label={`${letter.title} letter`}>
      <header className="pack-letterhead">
        <div>
          <div className="pack-company">{letter.company.name}</div>
          {letter.company.addressLines.map((line) => (
            <div key={line} className="pack-muted">
              {line}
            </div>
          ))}
        </div>
        <div className="pack-contact">
          <div>{letter.company.phone}</div>
          <div>{letter.company.email}</div>
          <div>{letter.company.website}</div>
        </div>
      </header>
      <div className="pack-to">
        <strong>To: {letter.merchantName?.trim() || 'The Merchant'}</strong>
        <span>{letter.date}</span>
      </div>
      <p className="pack-re">
        Re: Order {letter.orderId} - Transaction ID {letter.transactionId ?? '-'}
      </p>
      <p>Dear Sir or Madam,</p>
      <p>{letter.paragraphs[0]}</p>
      <dl className="pack-facts">
        {letter.facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="pack-statement">{letter.statement}</p>
      {letter.enclosures.map((enclosure) => (
        <p key={enclosure} className="small">
          {enclosure}
        </p>
      ))}
      {letter.paragraphs.slice(1).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="pack-closing">
        {letter.closing.map((line, index) => (
          <div key={line} className={index === 1 ? 'fw-bold' : index > 1 ? 'pack-muted' : undefined}>
            {line}
          </div>
        ))}
      </div>

      <section className="pack-enclosure">
        <h3>
          Enclosure {letter.packType === 1 ? 'B' : 'C'}: {letter.historyTitle}
        </h3>
        <div className="table-responsive">
          <table className="table table-sm pack-history">
            <TableHead columns={letter.historyColumns} />
            <tbody>
              {letter.historyRows.length === 0 ? (
                <tr>
                  <td colSpan={letter.historyColumns.length} className="empty-row">
                    No record found
                  </td>
                </tr>
              ) : (
                letter.historyRows.map((row, rowIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a summarised history repeats no row
                  <tr key={rowIndex}>
                    {row.map((cell, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns
                      <td key={index}>{cell}</td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {letter.historySummary && <p className="small text-body-secondary">Summary: {letter.historySummary}</p>}
        {letter.historyNote && <p className="small text-body-secondary">{letter.historyNote}</p>}
      </section>
    </article>
  );
}
