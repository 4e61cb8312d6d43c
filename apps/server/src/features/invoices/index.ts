// The invoices feature's public face: other features import it from here, never its files.
export { sendInvoice } from './send-invoice';
