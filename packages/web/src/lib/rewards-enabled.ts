/**
 * Whether this server pays rewards at all: only with a token configured (GET /api/config's
 * `tokenConfigured`). Until the server has answered, or when it cannot, no reward is asked for:
 * without a token every reward call fails, and that failure is nobody's business on the page.
 */
import { usePublicConfig } from './public-config';

export function useRewardsEnabled(): boolean {
  return usePublicConfig().data?.tokenConfigured === true;
}
