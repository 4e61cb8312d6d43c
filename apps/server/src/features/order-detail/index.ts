// The order-detail feature's public face: other features import it from here, never its files.
export { loadOrder, trackOrderUrl } from './load-order';
export { recordActivity } from './order-activity';
export { canFallBack, resendViaFallback } from './resend-mail';
