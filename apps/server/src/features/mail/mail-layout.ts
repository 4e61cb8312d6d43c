import type { CompanySettings } from './company-settings';

/** A run of text inside a paragraph; every string is escaped when rendered. */
export type Inline = string | { bold: string } | { href: string; label: string };

export type Block =
  | { type: 'p'; parts: Inline[] }
  | { type: 'facts'; rows: Array<[label: string, value: string]> }
  | { type: 'button'; href: string; label: string };

export interface MailContent {
  subject: string;
  /** the line mail clients show after the subject */
  preheader: string;
  blocks: Block[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only web and mail links reach a customer: a `javascript:` URL from bad data must not. */
function safeHref(href: string): string {
  if (!/^(https?:\/\/|mailto:)/i.test(href)) throw new Error(`Refusing link in e-mail: ${href}`);
  return escapeHtml(href);
}

const COLORS = { brand: '#00247d', text: '#1f2933', muted: '#52606d', line: '#d9dee4', page: '#f4f6f8' };

function inlineHtml(part: Inline): string {
  // A newline inside a paragraph is a line break (the sign-off's name under 'Kind regards,').
  if (typeof part === 'string') return escapeHtml(part).replace(/\n/g, '<br>');
  if ('bold' in part) return `<strong>${escapeHtml(part.bold)}</strong>`;
  return `<a href="${safeHref(part.href)}" style="color:${COLORS.brand}">${escapeHtml(part.label)}</a>`;
}

function inlineText(part: Inline): string {
  if (typeof part === 'string') return part;
  if ('bold' in part) return part.bold;
  const target = part.href.replace(/^mailto:/i, '');
  return target === part.label ? part.label : `${part.label} (${target})`;
}

function blockHtml(block: Block): string {
  if (block.type === 'p')
    return `<p style="margin:0 0 16px;line-height:1.5">${block.parts.map(inlineHtml).join('')}</p>`;
  if (block.type === 'button') {
    return `<p style="margin:8px 0 24px"><a href="${safeHref(block.href)}" style="display:inline-block;background:${COLORS.brand};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:4px;font-weight:bold">${escapeHtml(block.label)}</a></p>`;
  }
  const rows = block.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:8px 12px;border-bottom:1px solid ${COLORS.line};color:${COLORS.muted};width:40%">${escapeHtml(label)}</td><td style="padding:8px 12px;border-bottom:1px solid ${COLORS.line};font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;border-top:1px solid ${COLORS.line}">${rows}</table>`;
}

function blockText(block: Block): string {
  if (block.type === 'p') return block.parts.map(inlineText).join('');
  if (block.type === 'button') return `${block.label}: ${block.href}`;
  return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/** One layout for every customer and staff e-mail: an HTML version and a plain-text twin. */
export function renderLayout(content: MailContent, settings: CompanySettings): RenderedMail {
  const { company, productTitle } = settings;
  const footer = [company.name, ...company.addressLines].join(' · ');
  const contact = [company.phone, company.website].filter(Boolean).join(' · ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:Arial,Helvetica,sans-serif;color:${COLORS.text};font-size:15px">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border:1px solid ${COLORS.line};border-radius:6px">
<tr><td style="background:${COLORS.brand};color:#ffffff;padding:18px 28px;font-size:18px;font-weight:bold;border-radius:6px 6px 0 0">${escapeHtml(productTitle)}</td></tr>
<tr><td style="padding:28px 28px 12px">
${content.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;background:${COLORS.page};color:${COLORS.muted};font-size:12px;line-height:1.5;border-radius:0 0 6px 6px">${escapeHtml(footer)}<br>${escapeHtml(contact)}</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = [...content.blocks.map(blockText), '--', footer, contact].join('\n\n');
  return { subject: content.subject, html, text };
}
