import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
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
    async checkPdf(buffer: Buffer) {
      const type = await fileTypeFromBuffer(buffer);
      if (type?.mime !== DOCUMENT_MIME) throw new AppError('UPLOAD_INVALID_TYPE', 'Only PDF files are accepted');
    },
    /** Written beside the final name then renamed, so a reader never sees half a file. */
    async write(id: string, buffer: Buffer) {
      await mkdir(folder, { recursive: true });
      const temporary = `${fileOf(id)}.${process.pid}.tmp`;
      await writeFile(temporary, buffer, { mode: 0o600 });
      await rename(temporary, fileOf(id));
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
