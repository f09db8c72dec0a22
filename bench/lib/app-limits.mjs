// The app's own figures the benches must match, imported from its TypeScript sources through tsx
// (as scripts/start.mjs runs the server) so they cannot drift: the record size, the guest part
// concurrency, the default part size, how many records the cipher keeps in flight and the sealed size.
import { tsImport } from 'tsx/esm/api';

const { RECORD_SIZE } = await tsImport('@sealdrop/core/record-format', import.meta.url);
const { UPLOAD_CONCURRENCY: CONCURRENCY } = await tsImport(
  '@sealdrop/core/limits',
  import.meta.url,
);
const { RECORDS_IN_FLIGHT: IN_FLIGHT } = await tsImport(
  '@sealdrop/core/crypto/record-cipher',
  import.meta.url,
);
const { sealedSize } = await tsImport('@sealdrop/core/crypto/file-span', import.meta.url);
const { loadConfig } = await tsImport(
  '../../packages/server/src/config/config.ts',
  import.meta.url,
);

export const RECORD_SIZE_BYTES = RECORD_SIZE;
export const UPLOAD_CONCURRENCY = CONCURRENCY.guest;
export const UPLOAD_PART_SIZE = loadConfig({}).UPLOAD_PART_SIZE;
export const RECORDS_IN_FLIGHT = IN_FLIGHT;
/** Bytes of the stored object for an encrypted file of `plainBytes`. */
export const ciphertextSize = (plainBytes) => sealedSize(plainBytes);
