/**
 * Draws the three default evidence images of the defence packs (illustrations of the customer
 * flow, not real screenshots) and writes them beside this file. Run once and commit the PNGs:
 *   npx tsx apps/server/assets/evidence/generate.ts
 * Real screenshots can replace them through the 'evidenceImages' setting.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 640;
const H = 400;
const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
const BRAND = '#00247d';

function frame(url: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="#ffffff"/>
  <rect width="${W}" height="34" fill="#e8eaed"/>
  <circle cx="18" cy="17" r="5" fill="#ff5f57"/><circle cx="34" cy="17" r="5" fill="#febc2e"/><circle cx="50" cy="17" r="5" fill="#28c840"/>
  <rect x="70" y="8" width="${W - 90}" height="18" rx="9" fill="#ffffff"/>
  <text x="84" y="21" ${FONT} font-size="11" fill="#5f6368">${url}</text>
  <rect y="34" width="${W}" height="44" fill="${BRAND}"/>
  <text x="24" y="62" ${FONT} font-size="16" font-weight="bold" fill="#ffffff">NZeTA Online Services</text>
  <text x="${W - 24}" y="62" ${FONT} font-size="11" fill="#c8d2f0" text-anchor="end">Apply · Track order · Contact</text>
  <rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" fill="none" stroke="#b0b6be"/>
  ${body}
</svg>`;
}

const field = (x: number, y: number, label: string, value: string) => `
  <text x="${x}" y="${y}" ${FONT} font-size="11" fill="#52606d">${label}</text>
  <rect x="${x}" y="${y + 6}" width="270" height="28" rx="3" fill="#ffffff" stroke="#c4cad1"/>
  <text x="${x + 10}" y="${y + 25}" ${FONT} font-size="12" fill="#1f2933">${value}</text>`;

const button = (x: number, y: number, w: number, label: string, color = BRAND) => `
  <rect x="${x}" y="${y}" width="${w}" height="34" rx="4" fill="${color}"/>
  <text x="${x + w / 2}" y="${y + 22}" ${FONT} font-size="13" font-weight="bold" fill="#ffffff" text-anchor="middle">${label}</text>`;

const heading = (text: string, sub: string) => `
  <text x="32" y="112" ${FONT} font-size="18" font-weight="bold" fill="#1f2933">${text}</text>
  <text x="32" y="132" ${FONT} font-size="11" fill="#52606d">${sub}</text>`;

const applicationForm = frame(
  'www.example.com/apply-now',
  `${heading('Application form', 'Step 2 of 4 · Traveller details')}
  ${field(32, 160, 'First name', 'JANE')}${field(330, 160, 'Last name', 'TRAVELLER')}
  ${field(32, 216, 'Passport number', 'X1234567')}${field(330, 216, 'Nationality', 'United Kingdom')}
  ${field(32, 272, 'Date of birth', '14 / 05 / 1988')}${field(330, 272, 'E-mail', 'jane@example.org')}
  <rect x="32" y="336" width="14" height="14" rx="2" fill="${BRAND}"/>
  <text x="54" y="347" ${FONT} font-size="11" fill="#1f2933">I confirm the information is correct and accept the terms</text>
  ${button(490, 330, 110, 'Continue')}`,
);

const paymentConfirmation = frame(
  'www.example.com/payment/complete',
  `<circle cx="${W / 2}" cy="138" r="30" fill="#1e8e3e"/>
  <path d="M ${W / 2 - 14} 138 l 10 10 l 18 -20" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="${W / 2}" y="198" ${FONT} font-size="18" font-weight="bold" fill="#1f2933" text-anchor="middle">Payment confirmation</text>
  <text x="${W / 2}" y="218" ${FONT} font-size="11" fill="#52606d" text-anchor="middle">Thank you. Your payment was successful and your application is submitted.</text>
  <rect x="150" y="236" width="340" height="104" rx="4" fill="#f4f6f8" stroke="#d9dee4"/>
  <text x="170" y="262" ${FONT} font-size="12" fill="#52606d">Order ID</text><text x="470" y="262" ${FONT} font-size="12" fill="#1f2933" text-anchor="end" font-weight="bold">100123</text>
  <text x="170" y="288" ${FONT} font-size="12" fill="#52606d">Service</text><text x="470" y="288" ${FONT} font-size="12" fill="#1f2933" text-anchor="end">NZeTA application</text>
  <text x="170" y="314" ${FONT} font-size="12" fill="#52606d">Amount paid</text><text x="470" y="314" ${FONT} font-size="12" fill="#1f2933" text-anchor="end">NZD 79.00</text>
  <text x="${W / 2}" y="370" ${FONT} font-size="11" fill="#52606d" text-anchor="middle">A confirmation e-mail has been sent to jane@example.org</text>`,
);

const row = (y: number, cells: string[], bold = false) =>
  cells
    .map(
      (c, i) =>
        `<text x="${48 + i * 140}" y="${y}" ${FONT} font-size="11" fill="#1f2933"${bold ? ' font-weight="bold"' : ''}>${c}</text>`,
    )
    .join('');

const documentDelivered = frame(
  'www.example.com/get-new-order-details/100123',
  `${heading('Document delivered', 'Your application for a Travel has been completed successfully. Thank you!')}
  <rect x="32" y="148" width="576" height="58" rx="4" fill="#e6f4ea" stroke="#b7dfc2"/>
  <rect x="48" y="160" width="26" height="34" rx="2" fill="#ffffff" stroke="#1e8e3e"/>
  <text x="61" y="182" ${FONT} font-size="9" fill="#1e8e3e" text-anchor="middle" font-weight="bold">PDF</text>
  <text x="88" y="174" ${FONT} font-size="12" font-weight="bold" fill="#1f2933">NZeTA approval – Order 100123</text>
  <text x="88" y="192" ${FONT} font-size="11" fill="#52606d">Please download and save your document.</text>
  ${button(470, 160, 124, 'Download Now', '#1e8e3e')}
  <text x="32" y="238" ${FONT} font-size="13" font-weight="bold" fill="#1f2933">Downloaded History</text>
  <rect x="32" y="248" width="576" height="26" fill="#eef1f5"/>
  ${row(265, ['Date &amp; Time (EST)', 'Device IP Address', 'Browser', 'Device Location'], true)}
  ${row(295, ['03/02/2025 09:14', '203.0.113.24', 'Chrome', 'Europe/London'])}
  <line x1="32" y1="306" x2="608" y2="306" stroke="#e1e5ea"/>
  ${row(325, ['03/02/2025 18:40', '203.0.113.24', 'Safari', 'Europe/London'])}
  <line x1="32" y1="336" x2="608" y2="336" stroke="#e1e5ea"/>`,
);

const here = path.dirname(fileURLToPath(import.meta.url));
const images: Array<[string, string]> = [
  ['1-application-form.png', applicationForm],
  ['2-payment-confirmation.png', paymentConfirmation],
  ['3-document-delivered.png', documentDelivered],
];
for (const [name, svg] of images) {
  // No alpha channel and no interlacing: pdfkit then embeds the PNG data without decoding it.
  const png = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9, palette: true, colours: 128, dither: 0 })
    .toBuffer();
  await writeFile(path.join(here, name), png);
}
