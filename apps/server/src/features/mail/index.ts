// The mail feature's public face for other features (outbox internals stay inside).
export { isComplainedAddress, markComplainedAddress } from './complaints';
export { findMailEvents, type OrderMailEvent } from './find-mail-events';
export type { ProviderEvent } from './provider-event';
export { type DeliveryFailure, type RecordMailEventsResult, recordMailEvents } from './record-mail-events';
