import { startS3rver } from '../../testing/s3rver';
import { runStorageDriverContract } from './storage.test-suite';

runStorageDriverContract('s3 (s3rver)', async () => {
  const s3 = await startS3rver();
  return { driver: s3.driver, origin: 'http://127.0.0.1', fetch, teardown: s3.destroy };
});
