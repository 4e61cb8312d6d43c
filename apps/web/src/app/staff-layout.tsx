import { COUNT_FIELDS } from '@nzeta/domain/folders';
import { formatInstant, zoneLabel } from '@nzeta/domain/time-zone';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { StaffFrame } from '../components/layout/staff-frame';
import { paths } from '../config/paths';
import { logout } from '../features/auth';
import { useFolderCounts, useLiveOrderEvents } from '../features/folders';
import { useAppConfig } from '../lib/app-config';
import { useAuth } from '../lib/auth-context';
import { useMemberPref } from '../lib/member-prefs';
import { toast } from '../lib/toast';
import { useIdleTimeout } from '../lib/use-idle-timeout';
import { menuFor } from './menu';

// The header search loads beside the first screen, not in the first-load bundle (170 KB budget);
// an identical empty box holds its place meanwhile.
const GlobalSearch = lazy(async () => ({ default: (await import('../features/console')).GlobalSearch }));
const searchPlaceholder = <div className="global-search" aria-hidden="true" />;

/** The signed-in console: frame, live counts, and the screen of the current route. */
export function StaffLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { productTitle, idleTimeoutMinutes, businessTimeZone } = useAppConfig();
  const counts = useFolderCounts();
  const [collapsed, setCollapsed] = useMemberPref<string[]>('menu-collapsed', []);
  const [notifications, setNotifications] = useState<string[]>([]);
  const noteChange = useCallback(() => {
    // The business zone and the console's one format, like every other time on screen.
    const now = new Date();
    const time = `${formatInstant(now, businessTimeZone)} ${zoneLabel(businessTimeZone, now)}`;
    setNotifications((list) => [`Orders updated at ${time}`, ...list].slice(0, 8));
  }, [businessTimeZone]);
  const showNotice = useCallback((notice: { message: string }) => {
    setNotifications((list) => [notice.message, ...list].slice(0, 8));
    toast.warning(notice.message);
  }, []);
  useLiveOrderEvents(noteChange, showNotice);

  // Logout is a choice: the next sign-in starts on the dashboard. An idle sign-out keeps the place.
  const onLogout = async (keepPlace = false) => {
    await logout();
    auth.signOut({ keepPlace });
    queryClient.clear();
    navigate(paths.signIn);
  };
  useIdleTimeout(idleTimeoutMinutes, () => {
    if (!auth.isAuth) return;
    toast.info('You were signed out after a period of inactivity.');
    void onLogout(true);
  });

  if (!auth.isAuth || !auth.user) {
    // After signing in, the member lands on the page they asked for (sign-in-page.tsx), not on
    // the page they chose to sign out from.
    const from = `${location.pathname}${location.search}${location.hash}`;
    const keep = from !== paths.admin.dashboard && !auth.leftOnPurpose;
    return <Navigate to={paths.signIn} replace state={keep ? { from } : undefined} />;
  }

  const menu = menuFor(auth.role).map((entry) => ({
    label: entry.label,
    to: entry.to,
    icon: entry.icon,
    group: entry.group,
    count: entry.folder && counts.data ? counts.data[COUNT_FIELDS[entry.folder]] : undefined,
  }));

  return (
    <StaffFrame
      title={productTitle}
      userName={auth.user.name}
      menu={menu}
      notifications={notifications}
      onLogout={() => void onLogout()}
      search={
        <Suspense fallback={searchPlaceholder}>
          <GlobalSearch />
        </Suspense>
      }
      collapsedGroups={collapsed}
      onToggleGroup={(group) =>
        setCollapsed(collapsed.includes(group) ? collapsed.filter((g) => g !== group) : [...collapsed, group])
      }
    >
      <Outlet />
    </StaffFrame>
  );
}
