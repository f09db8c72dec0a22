/** Files written straight into the database, for tests whose subject is not the upload itself. */
import type { Insertable } from 'kysely';
import type { Database, FilesTable } from '../database/schema';

type FileInsert = Insertable<FilesTable>;

/**
 * A ready, plain one-byte file: only the columns a row cannot do without, the others left null or
 * to their defaults, so a new nullable column needs no change here; `row` names the file, its
 * times, and whatever else the test is about (owner, uploader address…).
 */
export async function insertReadyFile(
  db: Database,
  row: Pick<FileInsert, 'id' | 'created_at' | 'expires_at'> & Partial<FileInsert>,
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      object_key: `files/${row.id}/object`,
      original_name: 'a.txt',
      content_type: 'text/plain',
      size: 1,
      object_size: 1,
      is_encrypted: 0,
      status: 'ready',
      ...row,
    })
    .execute();
}
