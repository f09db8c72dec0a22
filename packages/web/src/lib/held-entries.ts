/**
 * Entries of the origin-private file system that a page is still using, marked by Web Locks: a
 * page holds a lock named `<prefix><entry>` while it needs the entry, and the lock goes with the
 * page however it ends (a closed tab included). So any page can remove what no live page holds:
 * upload staging (features/upload/staging) and staged downloads (features/download/save) use it.
 */

/** Holds the lock `name` until the returned function runs (or the page goes). */
export async function holdLock(name: string): Promise<() => void> {
  let release = () => {};
  await new Promise<void>((granted) => {
    void navigator.locks.request(name, () => {
      granted();
      return new Promise<void>((done) => {
        release = done;
      });
    });
  });
  return release;
}

/** Removes every entry of `folder` except `own` whose lock (`prefix` + name) no page holds. */
export async function removeUnheld(
  folder: FileSystemDirectoryHandle,
  prefix: string,
  own: string,
): Promise<void> {
  const held = new Set((await navigator.locks.query()).held?.map((lock) => lock.name));
  // `keys()` is missing from TypeScript's DOM types for directory handles.
  const names = (folder as unknown as { keys(): AsyncIterable<string> }).keys();
  for await (const name of names) {
    if (name !== own && !held.has(prefix + name)) {
      await folder.removeEntry(name, { recursive: true }).catch(() => {});
    }
  }
}
