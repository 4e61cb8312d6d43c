import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../lib/api-client';
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
        auth.signOut();
        queryClient.clear();
        navigate('/');
      }),
    [auth, navigate, queryClient],
  );
  return null;
}
