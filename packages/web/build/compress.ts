/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * strongest settings: the server then sends the copy the browser accepts (Accept-Encoding) without
 * compressing anything per request. Files that do not get smaller are left alone.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|txt|json|webmanifest|xml)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

export async function compressFolder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  await Promise.all(files.map(compressFile));
  return files;
}

async function compressFile(file: string) {
  const plain = await readFile(file);
  const [brotli, gzipped] = await Promise.all([
    toBrotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    toGzip(plain, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (brotli.length < plain.length) await writeFile(`${file}.br`, brotli);
  if (gzipped.length < plain.length) await writeFile(`${file}.gz`, gzipped);
}

/** Compresses the build's output folder once Vite has written it (`vite build` only). */
export function compressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sealdrop-compress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await compressFolder(join(config.root, config.build.outDir));
    },
  };
}
