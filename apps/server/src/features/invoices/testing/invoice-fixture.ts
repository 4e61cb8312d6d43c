import type { InvoiceOrder } from '../render-invoice';

/** A paid Priority order, as the invoice reads it. */
export const INVOICE_ORDER: InvoiceOrder = {
  orderId: 100456,
  firstName: 'Mere',
  lastName: 'Ngata',
  fullName: null,
  email: 'mere@example.org',
  processingMode: 'Priority',
  amount: '129.5',
  currency: 'NZD',
  paidAt: '2025-04-02T03:30:00Z',
  paymentGateway: 'Stripe',
  transactionId: 'pi_3RxY',
  createdAt: '2025-04-02T03:29:00Z',
};
