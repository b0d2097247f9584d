import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm } from 'node:fs/promises';
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
    /** Keeps an upload's temporary file (server/lib/uploads.ts, on the same file system) under a new random name. */
    async keep(uploadedPath: string): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const storedName = randomUUID();
      await chmod(uploadedPath, 0o600);
      await rename(uploadedPath, fileOf(storedName));
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
