// The order-detail feature's public face: other features import it from here, never its files.
export { OrderDetailCache } from './detail-cache';
export { forgetWrittenOrders } from './forget-written-orders';
export { loadOrder, trackOrderUrl } from './load-order';
export { recordActivity } from './order-activity';
export { canFallBack, resendViaFallback } from './resend-mail';
