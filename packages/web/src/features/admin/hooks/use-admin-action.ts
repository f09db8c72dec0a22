/**
 * One moderation action (remove, dismiss, block) from its dialog: runs it, refreshes every admin
 * view (a removal changes the reports, the files, the overview and the audit log at once), and
 * keeps the server's message when it refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf } from '../../../lib/server-message';
import { adminKeys } from '../api/admin-api';

export const ACTION_FAILED_MESSAGE = 'That did not work. Please try again.';

export function useAdminAction<Input>(
  action: (input: Input) => Promise<unknown>,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return {
    run: (input: Input) => mutation.mutate(input),
    pending: mutation.isPending,
    error: mutation.isError ? (serverMessageOf(mutation.error) ?? ACTION_FAILED_MESSAGE) : null,
  };
}
