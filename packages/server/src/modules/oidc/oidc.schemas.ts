import { z } from 'zod';

/**
 * The provider's redirect back to us. Anything malformed (a repeated or oversized parameter)
 * reads as absent, so it ends as a readable sign-in failure rather than a 400 page.
 */
export const callbackQuerySchema = z.object({
  state: z.string().min(1).max(128).optional().catch(undefined),
  error: z.string().min(1).optional().catch(undefined),
});
