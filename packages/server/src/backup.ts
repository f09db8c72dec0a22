/**
 * `npm run backup -- <directory>`: an online backup of DATA_DIR (SQLite database and local
 * objects) into a new directory, safe while the server runs (modules/backup/backup.ts says how).
 * The directory is a DATA_DIR: restore by copying it into place. PostgreSQL and S3 have their own
 * tools for this (docs/deploy.md, "Backups").
 */
import { resolve } from 'node:path';
import { loadConfig } from './config/config';
import { backupDataDir } from './modules/backup/backup';

const config = loadConfig();
const [destination] = process.argv.slice(2);
if (!destination) {
  console.error('usage: npm run backup -- <new directory>');
  process.exit(2);
}
if (config.DATABASE_URL || config.STORAGE !== 'local') {
  console.error(
    'npm run backup copies a SQLite DATA_DIR and its local objects. With DATABASE_URL or ' +
      "STORAGE=s3, back up with pg_dump and the bucket's versioning or replication: " +
      'docs/deploy.md, "Backups".',
  );
  process.exit(2);
}
const dataDir = resolve(config.DATA_DIR);
const report = await backupDataDir({ dataDir, destination: resolve(destination) });
const mib = (report.bytes / 2 ** 20).toFixed(1);
console.log(
  `backed up ${dataDir} as of ${new Date(report.takenAt).toISOString()} into ` +
    `${resolve(destination)}: ${report.files} files, ${mib} MiB of objects` +
    (report.deletedMeanwhile
      ? ` (${report.deletedMeanwhile} deleted while copying, left out)`
      : ''),
);
