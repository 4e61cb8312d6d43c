import { COUNT_FIELDS, type FolderCounts } from '@nzeta/domain/folders';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { StaffFrame } from '../components/layout/staff-frame';
import { paths } from '../config/paths';
import { logout } from '../features/auth';
import { useFolderCounts, useLiveOrderEvents } from '../features/folders';
import { useAppConfig } from '../lib/app-config';
import { useAuth } from '../lib/auth-context';
import { toast } from '../lib/toast';
import { useIdleTimeout } from '../lib/use-idle-timeout';
import { menuFor } from './menu';

/** The signed-in console: frame, live counts, and the screen of the current route. */
export function StaffLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { productTitle, idleTimeoutMinutes } = useAppConfig();
  const counts = useFolderCounts();
  const [notifications, setNotifications] = useState<string[]>([]);
  const noteChange = useCallback(() => {
    const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    setNotifications((list) => [`Orders updated at ${time}`, ...list].slice(0, 8));
  }, []);
  const showNotice = useCallback((notice: { message: string }) => {
    setNotifications((list) => [notice.message, ...list].slice(0, 8));
    toast.warning(notice.message);
  }, []);
  useLiveOrderEvents(noteChange, showNotice);

  const onLogout = async () => {
    await logout();
    auth.signOut();
    queryClient.clear();
    navigate(paths.signIn);
  };
  useIdleTimeout(idleTimeoutMinutes, () => {
    if (!auth.isAuth) return;
    toast.info('You were signed out after a period of inactivity.');
    void onLogout();
  });

  if (!auth.isAuth || !auth.user) return <Navigate to={paths.signIn} replace />;

  const menu = menuFor(auth.role).map((entry) => ({
    label: entry.label,
    to: entry.to,
    icon: entry.icon,
    count:
      entry.folder && counts.data
        ? (counts.data as FolderCounts)[COUNT_FIELDS[entry.folder] as keyof FolderCounts]
        : undefined,
  }));

  return (
    <StaffFrame
      title={productTitle}
      userName={auth.user.name}
      menu={menu}
      notifications={notifications}
      onLogout={onLogout}
    >
      <Outlet />
    </StaffFrame>
  );
}
