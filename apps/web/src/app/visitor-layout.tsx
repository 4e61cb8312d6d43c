import { Outlet, useLocation } from 'react-router';
import { VisitorFrame } from '../components/layout/visitor-frame';
import { useAppConfig } from '../lib/app-config';

/** The public area (SPEC §2.14). */
export function VisitorLayout() {
  const { publicSiteUrl } = useAppConfig();
  const location = useLocation();
  return (
    <VisitorFrame siteUrl={publicSiteUrl} currentPath={location.pathname}>
      <Outlet />
    </VisitorFrame>
  );
}
