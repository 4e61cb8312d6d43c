// The defence-packs feature's public face: other features import it from here, never its files.
export {
  approvalEnclosure,
  downloadsEnclosure,
  factsEnclosure,
  mailsEnclosure,
  type SectionLimits,
  type Shortened,
} from './evidence-sections';
export { getDefencePackDetails, getDefencePackPdf } from './get-defence-pack';
export { documentDeliveredAt, isToCustomer, loadOrderEvidence, type OrderEvidence } from './order-evidence';
export {
  COLORS,
  CONTENT_WIDTH,
  createPdf,
  dateTimeIn,
  factsBox,
  formatMoney,
  letterhead,
  line,
  PAGE,
  pageFooters,
  paragraph,
  pdfToBuffer,
} from './pdf-layout';
export { newPage, table } from './pdf-table';
export { DEFAULT_LIMITS, writeLetter } from './render-defence-pack';
