// The settings feature's public face: other features import it from here, never its files.
export { isAutoMailFallbackOn, isMfaRequired } from './get-settings';
export { getSlaHours } from './sla-settings';
