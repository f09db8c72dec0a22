/**
 * One script for everything the home page needs before it can draw (the entry and all it imports
 * statically), instead of the twenty small chunks the bundler makes by default for modules the
 * other pages share: on a phone every request costs a round trip. The other pages, which come with
 * import(), keep their own scripts and import what they share from this one.
 */
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<
  Extract<NonNullable<Rolldown.CodeSplittingGroup['name']>, (...args: never[]) => unknown>
>[1];

export const HOME_CHUNK = 'home';

/** Whether a module is reached from an entry through static imports only. */
export function staticallyFromEntry(ctx: ChunkingContext) {
  const known = new Map<string, boolean>();
  const reached = (id: string, path: Set<string>): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const info = ctx.getModuleInfo(id);
    if (!info) return false;
    if (info.isEntry) return true;
    path.add(id);
    const answer = info.importers.some(
      (importer) => !path.has(importer) && reached(importer, path),
    );
    path.delete(id);
    // A negative answer found inside a cycle may only be partial: keep positives only.
    if (answer) known.set(id, true);
    return answer;
  };
  return (id: string) => reached(id, new Set());
}

export function homeChunkSplitting(): Rolldown.CodeSplittingOptions {
  let fromEntry: ((id: string) => boolean) | undefined;
  return {
    groups: [
      {
        name: (id, ctx) => {
          fromEntry ??= staticallyFromEntry(ctx);
          return fromEntry(id) ? HOME_CHUNK : null;
        },
      },
    ],
  };
}
