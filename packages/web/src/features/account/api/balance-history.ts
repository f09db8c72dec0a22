import { balanceHistorySchema } from '@sealdrop/core/api-auth-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Balance history limit 10. */
export const BALANCE_HISTORY_LIMIT = 10;

export type { BalanceHistory } from '@sealdrop/core/api-auth-schemas';

export function useBalanceHistory(userId: string, limit = BALANCE_HISTORY_LIMIT) {
  return useQuery({
    queryKey: ['balance-history', userId, limit],
    queryFn: ({ signal }) =>
      apiRequest(`/auth/balance-history?limit=${limit}`, { schema: balanceHistorySchema, signal }),
  });
}
