// The auth feature's public face: other features import it from here, never its files.
export { clearAccountFailures } from './account-lock';
export { spendResetLinks } from './reset-password';
