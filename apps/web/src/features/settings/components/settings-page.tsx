import { can } from '@nzeta/domain';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import '../../../styles/settings.css';
import { PageHeader } from '../../../components/ui/page-header';
import { useSettings } from '../api/get-settings';
import { BundleProfilesSection } from './bundle-profiles-form';
import { SettingsForm } from './settings-form';

/** '/admin/settings' (Admin): what letters, e-mails and screens print, and the sign-in policy. */
export function SettingsPage() {
  const { role } = useAuth();
  if (!can(role, 'settings.manage')) return <NoAccess title="Settings" />;
  return <LoadedSettings />;
}

function LoadedSettings() {
  const settings = useSettings();
  return (
    <>
      <PageHeader title="Settings" />
      {settings.isPending && <p className="text-muted">Loading...</p>}
      {settings.isError && <p className="text-danger">{settings.error.message}</p>}
      {settings.data && <SettingsForm initial={settings.data} />}
      <BundleProfilesSection />
    </>
  );
}
