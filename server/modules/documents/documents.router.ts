import { z } from 'zod';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME,
  documentFieldsSchema,
  documentListQuerySchema,
  documentSchema,
  groupChoiceSchema,
} from '../../../src/shared/contracts/documents';
import type { Right } from '../../../src/shared/domain/rights';
import { ApiRouter } from '../../lib/api-router';
import { sendStream, type FileStore } from '../../lib/file-store';
import { readUploadWith } from '../../lib/uploads';
import type { ApiRegistry } from '../../openapi';
import type { DocumentsService } from './documents.service';

const READ: Right[] = ['DOCUMENTATION_LIST', 'DOCUMENTATION_EDIT_ADMIN'];
const EDIT: Right[] = ['DOCUMENTATION_EDIT_ADMIN'];

export function documentsRouter(registry: ApiRegistry, service: DocumentsService, files: Pick<FileStore, 'upload'>) {
  const uploadSteps = [readUploadWith(files.upload({ fields: 120 }))];
  return new ApiRouter(registry, '/api/documents', 'documents')
    .route({
      method: 'get',
      path: '/',
      summary: 'Documentation readable by the caller: unrestricted documents and those of its groups (editors: all)',
      access: READ,
      query: documentListQuerySchema,
      response: pageOf(documentSchema),
      handler: ({ user, query }) => service.list(user, query),
    })
    .route({
      method: 'get',
      path: '/groups',
      summary: 'The groups a document may be restricted to',
      access: EDIT,
      response: z.array(groupChoiceSchema),
      handler: () => service.groupChoices(),
    })
    .route({
      method: 'post',
      path: '/',
      summary: `Add a document: multipart title, restrictToGroups (repeated) and file (PDF by content, at most ${DOCUMENT_MAX_BYTES} bytes)`,
      access: EDIT,
      before: uploadSteps,
      bodyContentType: 'multipart/form-data',
      body: documentFieldsSchema,
      response: documentSchema,
      handler: ({ user, body, req }) => service.create(user, body, req.file),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One document; a document of groups the caller is not in is not found',
      access: READ,
      params: idParamsSchema,
      response: documentSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    })
    .route({
      method: 'get',
      path: '/:id/file',
      summary: 'The PDF of a document, streamed',
      access: READ,
      params: idParamsSchema,
      handler: async ({ user, params, res }) => {
        const file = await service.file(user, params.id);
        res.setHeader('Content-Type', DOCUMENT_MIME);
        res.setHeader('Content-Length', String(file.fileSize));
        res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        await sendStream(res, file.stream);
      },
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a document; without a file the current one stays',
      access: EDIT,
      before: uploadSteps,
      bodyContentType: 'multipart/form-data',
      params: idParamsSchema,
      body: documentFieldsSchema,
      response: documentSchema,
      handler: ({ user, params, body, req }) => service.update(user, params.id, body, req.file),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a document and its file',
      access: EDIT,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
