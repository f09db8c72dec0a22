/**
 * Whether the person in front of the page may see the console. Only the server knows who is an
 * admin (a verified address in ADMIN_EMAILS); it answers 404 to everyone else, so the console asks
 * once (the overview) and reads a 404 as "no such page". Nothing is asked without a session.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/server-message';
import { useSession } from '../../../lib/session/session-context';
import { adminKeys, getOverview } from '../api/admin-api';

export type AdminAccess =
  | { state: 'checking' }
  | { state: 'denied' }
  /** An admin whose check failed for another reason (the server is down): say so, retry. */
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'granted' };

export const ADMIN_CHECK_FAILED = 'The moderation console could not be loaded. Please try again.';

export function useAdminAccess(): AdminAccess {
  const { user, loading } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const check = useQuery({
    queryKey: [...adminKeys.all, 'access', userId],
    queryFn: ({ signal }) => getOverview(signal),
    enabled: userId !== null,
    retry: false,
    staleTime: 60_000,
  });

  // What an admin's session saw stays with it: signing out drops every cached admin answer.
  useEffect(() => {
    if (!loading && userId === null) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [loading, userId, queryClient]);

  if (loading) return { state: 'checking' };
  if (userId === null) return { state: 'denied' };
  if (check.isPending) return { state: 'checking' };
  if (check.isError) {
    if (check.error instanceof ApiError && check.error.status === 404) return { state: 'denied' };
    return {
      state: 'failed',
      message: serverMessageOf(check.error) ?? ADMIN_CHECK_FAILED,
      retry: () => void check.refetch(),
    };
  }
  return { state: 'granted' };
}
