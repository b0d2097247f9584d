import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { DOCUMENT_MIME } from '../../../src/shared/contracts/documents';
import { AppError } from '../../lib/app-error';

/**
 * Document files live under DATA_DIR/documents, outside the web root, named by the document id only: nothing the
 * client sends becomes part of a path.
 */
export function createDocumentFiles(dataDir: string) {
  const folder = path.join(dataDir, 'documents');
  const fileOf = (id: string) => path.join(folder, `${id}.pdf`);

  return {
    /** The declared type is not trusted: the bytes must be a PDF. */
    async checkPdf(uploadedPath: string) {
      const type = await fileTypeFromFile(uploadedPath);
      if (type?.mime !== DOCUMENT_MIME) throw new AppError('UPLOAD_INVALID_TYPE', 'Only PDF files are accepted');
    },
    /**
     * Keeps an upload's temporary file (server/lib/uploads.ts, on the same file system) as the document's: a rename,
     * so a reader never sees half a file.
     */
    async keep(id: string, uploadedPath: string) {
      await mkdir(folder, { recursive: true });
      await chmod(uploadedPath, 0o600);
      await rename(uploadedPath, fileOf(id));
    },
    read(id: string) {
      return createReadStream(fileOf(id));
    },
    remove(id: string) {
      return rm(fileOf(id), { force: true });
    },
  };
}

export type DocumentFiles = ReturnType<typeof createDocumentFiles>;
