// The mail feature's public face for other features (outbox internals stay inside).

export {
  COMPANY_SETTING_KEYS,
  type CompanySettings,
  companySettingsOf,
  getCompanySettings,
} from './company-settings';
export { isComplainedAddress, markComplainedAddress } from './complaints';
export { customerProviders, PRIMARY_MAIL_PROVIDER } from './customer-provider';
export { findMailEvents, type OrderMailEvent } from './find-mail-events';
export { enqueueMail, isDeliverableAddress, type MailMessage } from './outbox';
export type { ProviderEvent } from './provider-event';
export type { MailTransports } from './providers/types';
export { type DeliveryFailure, type RecordMailEventsResult, recordMailEvents } from './record-mail-events';
export { applicantNameOf, approvalPreview, MAIL_KINDS, PASSWORD_RESET_VALID_MINUTES, renderMail } from './templates';
