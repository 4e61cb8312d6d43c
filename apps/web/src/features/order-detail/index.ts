export { OrderDetailPage } from './components/order-detail-page';
export { SendInvoicePage } from './components/send-invoice-page';
