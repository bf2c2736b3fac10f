/**
 * Writes app.asar (and app.asar.unpacked beside it) from a file set, with @electron/asar, the
 * library electron-builder packs with. Files matching the builder's `asarUnpack` patterns are
 * written beside the archive, as the builder does for native addons.
 */
import { createPackageFromStreams, type AsarStreamType } from '@electron/asar';
import { createReadStream, statSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import type { PackedFile } from './fileSet';

const parentsOf = (archivePath: string): string[] => {
  const parts = archivePath.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
};

export const isUnpacked = (archivePath: string, unpackPatterns: readonly string[]) =>
  unpackPatterns.some((pattern) => matchesGlob(archivePath, pattern));

/** Packs `files` into `archiveFile`; their order is kept, directories come before their contents. */
export async function assembleAsar(archiveFile: string, files: readonly PackedFile[], unpackPatterns: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  const streams: AsarStreamType[] = [];
  for (const file of files) {
    if (seen.has(file.archivePath)) throw new Error(`Two files would be packed at ${file.archivePath}.`);
    seen.add(file.archivePath);
    const unpacked = isUnpacked(file.archivePath, unpackPatterns);
    for (const dir of parentsOf(file.archivePath)) {
      if (seen.has(`${dir}/`)) continue;
      seen.add(`${dir}/`);
      streams.push({ type: 'directory', path: dir, unpacked: false });
    }
    streams.push({
      type: 'file',
      path: file.archivePath,
      unpacked,
      stat: statSync(file.source),
      streamGenerator: () => createReadStream(file.source),
    });
  }
  await createPackageFromStreams(archiveFile, streams);
}
