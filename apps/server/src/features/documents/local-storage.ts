import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertSafeName, DocumentNotFoundError, type DocumentStorage, type StoredObject } from './document-storage';

/** Prefix of files being written; the dot keeps them out of `SAFE_NAME`, so they are never served. */
export const TEMP_PREFIX = '.tmp-';

export interface LocalDocumentStorage extends DocumentStorage {
  readonly directory: string;
}

/** Documents as files in `${dataDir}/documents`, written crash-safely. */
export function createLocalStorage(dataDir: string): LocalDocumentStorage {
  const directory = path.join(dataDir, 'documents');
  let ready: Promise<unknown> | undefined;
  const ensureDirectory = () => {
    ready ??= mkdir(directory, { recursive: true, mode: 0o700 });
    return ready;
  };
  const fileOf = (name: string) => {
    assertSafeName(name);
    return path.join(directory, name);
  };

  return {
    kind: 'local',
    directory,

    async put(name, content) {
      const target = fileOf(name);
      await ensureDirectory();
      const temp = path.join(directory, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
      const handle = await open(temp, 'wx', 0o600);
      let stored: StoredObject;
      try {
        stored = await writeAndHash(handle, Buffer.isBuffer(content) ? Readable.from([content]) : content);
        // The data must be on disk before the rename makes it visible, or a power cut could leave
        // a complete-looking name over an empty file.
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      await rename(temp, target);
      await syncDirectory(directory);
      return stored;
    },

    async get(name) {
      const file = fileOf(name);
      try {
        await stat(file);
      } catch (error) {
        if (isNotFound(error)) throw new DocumentNotFoundError(name);
        throw error;
      }
      return createReadStream(file);
    },

    async exists(name) {
      try {
        return (await stat(fileOf(name))).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async remove(name) {
      await rm(fileOf(name), { force: true });
    },

    async cleanTemporaryFiles() {
      await ensureDirectory();
      const leftovers = (await readdir(directory)).filter((entry) => entry.startsWith(TEMP_PREFIX));
      await Promise.all(leftovers.map((entry) => rm(path.join(directory, entry), { force: true })));
      return leftovers.length;
    },
  };
}

async function writeAndHash(handle: FileHandle, source: Readable): Promise<StoredObject> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of source) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    hash.update(chunk);
    size += chunk.length;
    let offset = 0;
    // write() may accept fewer bytes than offered; loop until the chunk is fully written.
    while (offset < chunk.length) {
      const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
      offset += bytesWritten;
    }
  }
  return { size, sha256: hash.digest('hex') };
}

/** Makes the rename durable. Windows cannot open a directory for fsync; it has no such need. */
async function syncDirectory(directory: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
