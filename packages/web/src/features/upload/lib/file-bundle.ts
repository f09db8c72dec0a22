/**
 * Several files in one link. The picked files become one File made of them, end
 * to end: the browser reads its slices lazily from the originals, so the upload engine (parts,
 * encryption, resume, progress) handles a folder exactly like one large file, in flat memory. The
 * list of names, sizes, types and paths travels sealed in the metadata record (presign), and the
 * download page cuts the object back into files with it.
 */
import { metadataRecordProblem } from '@sealdrop/core/crypto/metadata-limits';
import {
  linkRecord,
  type MetadataFile,
  singleFileRecord,
} from '@sealdrop/core/crypto/metadata-record';
import { linkName, safeEntryPath } from '@sealdrop/core/file-list';

/** A file as picked, with its path relative to the picked folder (its name for a loose file). */
export interface PickedFile {
  file: File;
  path: string;
}

const bundles = new WeakMap<Blob, MetadataFile[]>();

/** One file stays itself; several become a bundle named after their folder or their count. */
export function bundleFiles(picked: readonly PickedFile[]): File | null {
  if (picked.length === 0) return null;
  if (picked.length === 1) return picked[0]!.file;
  const paths = picked.map(({ path, file }) => safeEntryPath(path || file.name));
  const bundle = new File(
    picked.map(({ file }) => file),
    linkName(paths),
    {
      type: 'application/octet-stream',
      lastModified: Math.max(...picked.map(({ file }) => file.lastModified)),
    },
  );
  const files = picked.map(({ file }, i) => ({
    path: paths[i]!,
    size: file.size,
    type: file.type,
  }));
  bundles.set(bundle, linkRecord(files).files);
  return bundle;
}

/** The files a bundle is made of, in order; null for a single file. */
export function bundleEntries(blob: Blob): MetadataFile[] | null {
  return bundles.get(blob) ?? null;
}

/**
 * Why the sealed list of this file (or bundle) cannot go with one link — too many files, or names
 * too long for the metadata a presign may carry — or null when it can.
 */
export function sealedListProblem(blob: File): string | null {
  const entries = bundleEntries(blob);
  return metadataRecordProblem(entries ? { files: entries } : singleFileRecord(blob));
}

/** Files from an <input type=file multiple> or a folder input (webkitRelativePath). */
export function pickedFromList(list: FileList | readonly File[]): PickedFile[] {
  return Array.from(list, (file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/**
 * Files dropped on the page, folders included (walked with the entries API, keeping relative
 * paths). Falls back to the plain file list where entries are not available.
 */
export async function pickedFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((entry): entry is FileSystemEntry => !!entry);
  if (entries.length === 0) return pickedFromList(data.files);
  const picked: PickedFile[] = [];
  for (const entry of entries) await walk(entry, picked);
  return picked;
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  const path = entry.fullPath.replace(/^\//, '');
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    into.push({ file, path });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return;
    for (const child of batch) await walk(child, into);
  }
}
