/**
 * Writes app.asar (and app.asar.unpacked beside it) from a file set, with @electron/asar, the
 * library electron-builder packs with. The files are first laid out in a staging folder at their
 * archive paths (hard links, copies across devices), as the builder's own staging does, then
 * packed in the set's order; files matching the builder's `asarUnpack` patterns are written
 * beside the archive, as the builder does for native addons.
 */
import { createPackageFromFiles } from '@electron/asar';
import { copyFileSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PackedFile } from './fileSet';

/** Links (or copies) `files` into `stageDir` at their archive paths; returns the staged paths. */
function stage(stageDir: string, files: readonly PackedFile[]): string[] {
  const seen = new Set<string>();
  return files.map((file) => {
    if (seen.has(file.archivePath)) throw new Error(`Two files would be packed at ${file.archivePath}.`);
    seen.add(file.archivePath);
    const staged = join(stageDir, file.archivePath);
    mkdirSync(dirname(staged), { recursive: true });
    try {
      linkSync(file.source, staged);
    } catch {
      copyFileSync(file.source, staged);
    }
    return staged;
  });
}

/** Packs `files` into `archiveFile`, unpacking what `unpackPatterns` (relative to the app root) match. */
export async function assembleAsar(archiveFile: string, files: readonly PackedFile[], unpackPatterns: readonly string[]): Promise<void> {
  const stageDir = `${archiveFile}.stage`;
  rmSync(stageDir, { recursive: true, force: true });
  try {
    const staged = stage(stageDir, files);
    // @electron/asar matches `unpack` against each file's full path: anchor the patterns there.
    const anchored = unpackPatterns.map((pattern) => `${stageDir}/${pattern}`);
    const unpack = anchored.length === 1 ? anchored[0] : `{${anchored.join(',')}}`;
    await createPackageFromFiles(stageDir, archiveFile, staged, undefined, unpack ? { unpack } : {});
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}
