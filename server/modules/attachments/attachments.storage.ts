import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files live under DATA_DIR/attachments, outside the web root, under a random name that says nothing of the
 * original one: the name a user chose never reaches the file system.
 */
export function createAttachmentStorage(dataDir: string) {
  const dir = path.join(dataDir, 'attachments');
  const fileOf = (storedName: string) => path.join(dir, path.basename(storedName));
  return {
    dir,
    async write(bytes: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const storedName = randomUUID();
      await writeFile(fileOf(storedName), bytes, { flag: 'wx', mode: 0o600 });
      return storedName;
    },
    read(storedName: string) {
      return readFile(fileOf(storedName));
    },
    remove(storedName: string) {
      return rm(fileOf(storedName), { force: true });
    },
  };
}

export type AttachmentStorage = ReturnType<typeof createAttachmentStorage>;
