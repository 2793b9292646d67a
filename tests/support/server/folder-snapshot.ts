/** Every file under a folder with its SHA-256, to show that something touched nothing. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function snapshotFolder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path) + (entry.isDirectory() ? '/' : '')] = entry.isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : '';
  }
  return files;
}
