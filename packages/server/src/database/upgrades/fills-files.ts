/**
 * Files and short links as the builds of each past state wrote them: the columns of that state
 * only, an object in the store for every finalized file, a short link row for every file (presign
 * has always made one, code = slug).
 */
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { type MetadataRecord, sealMetadata } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import {
  DAY,
  type FileExpectation,
  type FillContext,
  HOUR,
  insert,
  type PastDatabase,
  sha256,
} from './fill-context';

export interface PastFile {
  label: string;
  name: string;
  contentType?: string;
  plaintext: Buffer;
  isEncrypted: boolean;
  state?: FileExpectation['state'];
  ownerId?: string | null;
  /** Columns added after 0001 that this state's build set on the row. */
  laterColumns?: Record<string, string | number | null>;
  /** Leave the name out of the row (encrypted uploads after names were sealed). */
  sealed?: { record: MetadataRecord; files: FileExpectation['sealedFiles'] };
  downloadsLeft?: number | null;
}

/** Writes one file row, its short link and its object; records what must still be true of it. */
export async function writePastFile(
  db: PastDatabase,
  ctx: FillContext,
  file: PastFile,
): Promise<FileExpectation> {
  const slug = ctx.id(12);
  const state = file.state ?? 'ready';
  const createdAt = state === 'gone' ? ctx.now - 2 * DAY : ctx.now - HOUR;
  const expiresAt = createdAt + DAY;
  const rawKey = ctx.bytes(32);
  const iv = ctx.bytes(12);
  const stored = file.isEncrypted
    ? Buffer.from(await encryptBytes(await importKey(rawKey), iv, file.plaintext))
    : file.plaintext;
  const objectKey = `files/${slug}/${ctx.id(20)}${file.isEncrypted ? '.enc' : ''}`;
  const encryptedMetadata = file.sealed ? await sealMetadata(file.sealed.record, rawKey) : null;
  await insert(db, 'files', {
    id: slug,
    object_key: objectKey,
    original_name: file.sealed ? '' : file.name,
    content_type: file.isEncrypted
      ? 'application/octet-stream'
      : (file.contentType ?? 'application/octet-stream'),
    size: file.plaintext.length,
    object_size: stored.length,
    is_encrypted: file.isEncrypted ? 1 : 0,
    status: state === 'uploading' ? 'pending' : 'ready',
    upload_id: null,
    owner_id: file.ownerId ?? null,
    created_at: createdAt,
    expires_at: expiresAt,
    finalized_at: state === 'uploading' ? null : createdAt + 1000,
    sweep_claimed_until: null,
    ...file.laterColumns,
    ...(encryptedMetadata ? { encrypted_metadata: encryptedMetadata } : {}),
  });
  await insert(db, 'short_links', {
    code: slug,
    file_id: slug,
    original_name: file.isEncrypted && file.sealed ? null : file.name,
    clicks: 0,
    created_at: createdAt,
    last_access_at: null,
    expires_at: expiresAt,
  });
  if (state === 'ready' || state === 'gone') await ctx.putObject(objectKey, stored);
  const expectation: FileExpectation = {
    label: file.label,
    code: slug,
    fileId: slug,
    state,
    isEncrypted: file.isEncrypted,
    originalName: file.sealed ? null : file.name,
    size: file.plaintext.length,
    storedSha256: sha256(stored),
    ...(file.isEncrypted
      ? { fragment: buildFragment({ rawKey, iv }), plainSha256: sha256(file.plaintext) }
      : {}),
    ...(file.sealed ? { sealedFiles: file.sealed.files } : {}),
    downloadsLeft: file.downloadsLeft ?? null,
  };
  ctx.expected.files.push(expectation);
  return expectation;
}

/** 0001: plain and encrypted files (names stored, as then), an expired one, an unfinished one. */
export async function filesAtFirstState(db: PastDatabase, ctx: FillContext): Promise<void> {
  await writePastFile(db, ctx, {
    label: 'plain text file of the first state',
    name: 'notes from the first build.txt',
    contentType: 'text/plain',
    plaintext: ctx.bytes(3000),
    isEncrypted: false,
  });
  // Three records and a short last one: record boundaries are part of what must still decrypt.
  await writePastFile(db, ctx, {
    label: 'encrypted file of the first state, its name stored',
    name: 'holiday photo.jpg',
    plaintext: ctx.bytes(2 * 65536 + 123),
    isEncrypted: true,
  });
  await writePastFile(db, ctx, {
    label: 'file that expired before the upgrade',
    name: 'old.bin',
    plaintext: ctx.bytes(100),
    isEncrypted: false,
    state: 'gone',
  });
  await writePastFile(db, ctx, {
    label: 'upload still in progress at the upgrade',
    name: 'unfinished.bin',
    plaintext: ctx.bytes(500),
    isEncrypted: true,
    state: 'uploading',
  });
  // An instant short link: a code reserved first, then pointed at a file with another id.
  const target = await writePastFile(db, ctx, {
    label: 'file behind an instant short link',
    name: 'shared through a reserved code.pdf',
    contentType: 'application/pdf',
    plaintext: ctx.bytes(2048),
    isEncrypted: false,
  });
  const code = ctx.id(10);
  await insert(db, 'short_links', {
    code,
    file_id: target.fileId,
    original_name: 'shared through a reserved code.pdf',
    clicks: 4,
    created_at: ctx.now - HOUR,
    last_access_at: ctx.now - HOUR / 2,
    expires_at: ctx.now + DAY - HOUR,
  });
  ctx.expected.files.push({ ...target, label: 'instant short link of the first state', code });
}

/** 0013: a limited link, one of its three downloads already given. */
export async function limitedLink(db: PastDatabase, ctx: FillContext): Promise<void> {
  await writePastFile(db, ctx, {
    label: 'limited link with 2 of 3 downloads left',
    name: 'three downloads only.zip',
    plaintext: ctx.bytes(4096),
    isEncrypted: true,
    laterColumns: { download_limit: 3, download_count: 1 },
    downloadsLeft: 2,
  });
}

/** 0016: names sealed in the browser: one file, and a link holding several files. */
export async function sealedNames(db: PastDatabase, ctx: FillContext): Promise<void> {
  const single = ctx.bytes(70_000);
  await writePastFile(db, ctx, {
    label: 'encrypted file with its name sealed',
    name: 'sealed name.txt',
    plaintext: single,
    isEncrypted: true,
    sealed: {
      record: {
        files: [
          { name: 'sealed name.txt', size: single.length, type: '', path: 'sealed name.txt' },
        ],
      },
      files: [{ path: 'sealed name.txt', size: single.length, sha256: sha256(single) }],
    },
  });
  const parts = [ctx.bytes(65_536), ctx.bytes(10), ctx.bytes(0), ctx.bytes(100_000)];
  const paths = ['album/a.jpg', 'album/readme.txt', 'album/empty', 'album/sub/b.jpg'];
  await writePastFile(db, ctx, {
    label: 'several files in one link',
    name: 'album',
    plaintext: Buffer.concat(parts),
    isEncrypted: true,
    sealed: {
      record: {
        files: parts.map((bytes, i) => ({
          name: paths[i]?.split('/').pop() ?? '',
          size: bytes.length,
          type: '',
          path: paths[i] ?? '',
        })),
      },
      files: parts.map((bytes, i) => ({
        path: paths[i] ?? '',
        size: bytes.length,
        sha256: sha256(bytes),
      })),
    },
  });
}

/** 0025: a file taken down by a moderator (a tombstone until its expiry), and an open report. */
export async function moderation(db: PastDatabase, ctx: FillContext): Promise<void> {
  const removed = await writePastFile(db, ctx, {
    label: 'file taken down for breaking the terms',
    name: 'taken down.bin',
    plaintext: ctx.bytes(700),
    isEncrypted: true,
    state: 'removed',
    laterColumns: { removed_at: ctx.now - HOUR / 2, removed_reason: 'terms' },
  });
  const reported = ctx.expected.files.find((file) => file.state === 'ready');
  for (const file of [removed, reported]) {
    if (!file) continue;
    await insert(db, 'reports', {
      id: ctx.id(20),
      file_id: file.fileId,
      reason: 'spam',
      details: 'written before the upgrade',
      reporter_email: null,
      reporter_address_hash: ctx.bytes(16).toString('hex'),
      key_box: null,
      key_included: 0,
      status: file === removed ? 'removed' : 'open',
      created_at: ctx.now - HOUR,
      closed_at: file === removed ? ctx.now - HOUR / 2 : null,
      closed_by: null,
    });
  }
}
