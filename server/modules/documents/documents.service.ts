import { fileTypeFromFile } from 'file-type';
import { DOCUMENT_MIME, type DocumentFields, type DocumentListQuery, type DocumentRecord } from '../../../src/shared/contracts/documents';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { FileStore } from '../../lib/file-store';
import type { UploadedFile } from '../../lib/uploads';
import type { AuditRepository } from '../audit/audit.repository';
import type { DocumentReader, DocumentsRepository, DocumentWithGroups } from './documents.repository';

function toDocument(row: DocumentWithGroups): DocumentRecord {
  return {
    id: row.id,
    title: row.title,
    restrictToGroups: row.restrictToGroups,
    fileName: row.fileName,
    fileSize: row.fileSize,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only the last path segment of the name the browser sent, for the download's file name. */
const displayName = (name: string) => name.split(/[\\/]/).at(-1)?.trim().slice(0, 200) || 'document.pdf';

/** A document's file in the store is named by the document's id only: nothing the client sends becomes part of a path. */
const fileName = (id: string) => `${id}.pdf`;

/** The declared type is not trusted: the bytes must be a PDF. */
async function checkPdf(uploadedPath: string) {
  const type = await fileTypeFromFile(uploadedPath);
  if (type?.mime !== DOCUMENT_MIME) throw new AppError('UPLOAD_INVALID_TYPE', 'Only PDF files are accepted');
}

export function createDocumentsService(deps: { repository: DocumentsRepository; files: FileStore; audit: AuditRepository }) {
  const { repository, files, audit } = deps;

  async function readerOf(actor: AuthUser): Promise<DocumentReader> {
    if (actor.rights.has('DOCUMENTATION_EDIT_ADMIN')) return { kind: 'all' };
    return { kind: 'groups', groupIds: await repository.groupIdsOf(actor.id) };
  }

  /** A document restricted to groups the reader is not in answers 404, like a missing one. */
  async function findDocument(actor: AuthUser, id: string) {
    const document = await repository.find(await readerOf(actor), id);
    if (!document) throw new AppError('NOT_FOUND', 'Unknown document');
    return document;
  }

  async function checkInput(fields: DocumentFields, file: UploadedFile | undefined, required: boolean) {
    if (required && !file) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { file: ['validation:fileRequired'] } });
    }
    if ((await repository.countGroups(fields.restrictToGroups)) !== fields.restrictToGroups.length) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { restrictToGroups: ['validation:invalidValue'] } });
    }
    if (file) await checkPdf(file.path);
  }

  const record = (actor: AuthUser, action: string, id: string) =>
    audit.record({ actorId: actor.id, action, subjectType: 'document', subjectId: id });

  return {
    async list(actor: AuthUser, query: DocumentListQuery) {
      const { items, total } = await repository.list(await readerOf(actor), query);
      return { items: items.map(toDocument), total, page: query.page, pageSize: query.pageSize };
    },
    async get(actor: AuthUser, id: string) {
      return toDocument(await findDocument(actor, id));
    },
    async file(actor: AuthUser, id: string) {
      const document = await findDocument(actor, id);
      return { fileName: document.fileName, fileSize: document.fileSize, stream: files.get(fileName(document.id)) };
    },
    groupChoices() {
      return repository.groupChoices();
    },
    async create(actor: AuthUser, fields: DocumentFields, file: UploadedFile | undefined) {
      await checkInput(fields, file, true);
      const upload = file as UploadedFile;
      const document = await repository.create(fields, { fileName: displayName(upload.originalname), fileSize: upload.size });
      try {
        await files.put(fileName(document.id), upload);
      } catch (error) {
        await repository.remove(document.id);
        throw error;
      }
      await record(actor, 'document.created', document.id);
      return toDocument(document);
    },
    async update(actor: AuthUser, id: string, fields: DocumentFields, file: UploadedFile | undefined) {
      await findDocument(actor, id);
      await checkInput(fields, file, false);
      if (file) await files.put(fileName(id), file);
      const document = await repository.update(id, fields, file ? { fileName: displayName(file.originalname), fileSize: file.size } : null);
      await record(actor, 'document.updated', id);
      return toDocument(document);
    },
    async remove(actor: AuthUser, id: string) {
      await findDocument(actor, id);
      await repository.remove(id);
      await files.delete(fileName(id));
      await record(actor, 'document.deleted', id);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
