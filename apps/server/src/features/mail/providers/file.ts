import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildMime } from './mime';
import type { MailTransport } from './types';

/**
 * Writes each message as `${dataDir}/mail/<timestamp>-<id>.eml`, so every mail flow works on a
 * machine without provider keys (DESIGN §5). Any mail client opens the files.
 */
export function createFileTransport(dataDir: string): MailTransport & { readonly directory: string } {
  const directory = path.join(dataDir, 'mail');
  return {
    name: 'file',
    directory,
    async send(message) {
      const raw = await buildMime(message);
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`;
      // Written under a temp name first, so a reader never sees half a message.
      const temp = path.join(directory, `.${name}.tmp`);
      await writeFile(temp, raw, { mode: 0o600 });
      await rename(temp, path.join(directory, name));
      return { providerMessageId: name };
    },
  };
}
