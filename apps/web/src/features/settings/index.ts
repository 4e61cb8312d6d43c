export { AuditPage } from './components/audit-page';
export { ChangePasswordPage } from './components/change-password-page';
export { GatewaySettingPage } from './components/gateway-setting-page';
export { SecurityPage } from './components/security-page';
export { SettingsPage } from './components/settings-page';
