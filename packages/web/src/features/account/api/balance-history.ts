/** GET /auth/balance-history?limit= (spec §7), the reward ledger of the signed-in user. */
import type { BalanceEntry } from '@sealdrop/core/api-auth-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec §9: balance history limit 10. */
export const BALANCE_HISTORY_LIMIT = 10;

export interface BalanceHistory {
  entries: BalanceEntry[];
  balance: number;
}

export function useBalanceHistory(userId: string, limit = BALANCE_HISTORY_LIMIT) {
  return useQuery({
    queryKey: ['balance-history', userId, limit],
    queryFn: ({ signal }) =>
      apiRequest<BalanceHistory>(`/auth/balance-history?limit=${limit}`, { signal }),
  });
}
