/**
 * The disk cache of rendered images: one `{key}.webp` file per variant, written atomically
 * (a temporary name, then a rename, so a reader sees a whole file or none), and kept under a
 * size cap by removing the least recently used files (decision 0015).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const extension = '.webp';
const temporaryExtension = '.tmp';
/** Eviction goes below the cap by this share, so a full cache does not evict on every write. */
const lowWaterMark = 0.9;
const abandonedAfterMs = 10 * 60_000;

export class ImageCache {
  readonly directory: string;
  readonly maxBytes: number;
  /** Key → size; Map order is the order of last use, oldest first. */
  private readonly files = new Map<string, number>();
  private totalBytes = 0;
  private loaded: Promise<void> | undefined;

  constructor(directory: string, maxBytes: number) {
    this.directory = directory;
    this.maxBytes = maxBytes;
  }

  get sizeBytes(): number {
    return this.totalBytes;
  }

  /** The cached bytes for `key` when the file is at least as new as its source, else null. */
  async read(key: string, sourceModifiedMs: number): Promise<Buffer | null> {
    await this.load();
    const file = this.fileOf(key);
    try {
      const cached = await stat(file);
      if (cached.mtimeMs < sourceModifiedMs) return null;
      const bytes = await readFile(file);
      this.remember(key, bytes.length);
      return bytes;
    } catch {
      // not cached (or evicted between the stat and the read)
      return null;
    }
  }

  /** Stores `bytes` under `key`: whole or not at all, then evicts down to the cap. */
  async write(key: string, bytes: Buffer): Promise<void> {
    await this.load();
    const file = this.fileOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}${temporaryExtension}`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
    this.remember(key, bytes.length);
    await this.evict();
  }

  private fileOf(key: string): string {
    return join(this.directory, `${key}${extension}`);
  }

  private remember(key: string, bytes: number) {
    this.totalBytes += bytes - (this.files.get(key) ?? 0);
    this.files.delete(key);
    this.files.set(key, bytes);
  }

  private async evict() {
    if (this.totalBytes <= this.maxBytes) return;
    const victims: string[] = [];
    for (const [key, bytes] of this.files) {
      if (this.totalBytes <= this.maxBytes * lowWaterMark) break;
      victims.push(key);
      this.files.delete(key);
      this.totalBytes -= bytes;
    }
    await Promise.all(victims.map((key) => unlink(this.fileOf(key)).catch(() => {})));
  }

  /**
   * Indexes what an earlier run left, oldest first by modification time, and removes temporary
   * files of writes that were interrupted (a crash between write and rename; not the fresh
   * ones, which may be another process's write in progress).
   */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      await mkdir(this.directory, { recursive: true });
      const found: { key: string; bytes: number; modifiedMs: number }[] = [];
      for (const name of await readdir(this.directory)) {
        const path = join(this.directory, name);
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) continue;
        if (name.endsWith(temporaryExtension) && info.mtimeMs < Date.now() - abandonedAfterMs) await unlink(path).catch(() => {});
        if (name.endsWith(extension)) found.push({ key: name.slice(0, -extension.length), bytes: info.size, modifiedMs: info.mtimeMs });
      }
      for (const file of found.toSorted((a, b) => a.modifiedMs - b.modifiedMs)) this.remember(file.key, file.bytes);
      await this.evict();
    })();
    return this.loaded;
  }
}
