import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { onMfaSetupRequired, onUnauthorized } from '../lib/api-client';
import { useAuth } from '../lib/auth-context';
import { toast } from '../lib/toast';

/** Any 401: show the server's message, drop the stored session, return to '/' (SPEC §4). */
export function UnauthorizedHandler() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized((message) => {
        if (!auth.isAuth) return;
        toast.error(message || 'Please sign in again.', { toastId: 'unauthorized' });
        // Not the member's choice: signing in again returns to the page they were on.
        auth.signOut({ keepPlace: true });
        queryClient.clear();
        navigate('/');
      }),
    [auth, navigate, queryClient],
  );
  // The Admin requires two-step verification: every call but enrolment is refused until it is set up.
  useEffect(
    () =>
      onMfaSetupRequired(() => {
        toast.info('Please set up two-step verification to continue.', { toastId: 'mfa-setup' });
        navigate(paths.admin.security);
      }),
    [navigate],
  );
  return null;
}
