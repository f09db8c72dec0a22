/** The expiry sweeper run once over a test server, at the time of the server's clock. */
import { createFilesRepository } from '../modules/files/files.repository';
import { createShortLinksRepository } from '../modules/short-links/short-links.repository';
import { sweepExpired } from '../modules/sweeper/sweeper';
import { createPendingUploadsRepository } from '../modules/uploads/pending-uploads.repository';
import type { TestServer } from './test-server';

/**
 * Sweeps expired files and links; `byteless` also expires presigns that sent no byte first, as
 * the schedule does (left out, a test sees only the expiry sweep).
 */
export function sweepTestServer(server: TestServer, options: { byteless?: boolean } = {}) {
  const { db } = server;
  return sweepExpired({
    files: createFilesRepository({ db }),
    shortLinks: createShortLinksRepository({ db }),
    storage: server.storage,
    ...(options.byteless && { pendingUploads: createPendingUploadsRepository({ db }) }),
    now: server.clock.now(),
  });
}
