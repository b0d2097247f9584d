import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { AttachmentQueueQuery, AttachmentUpload } from '../../../src/shared/contracts/attachments';
import { MIME_TYPES_BY_KIND, type AttachmentMimeType, type AttachmentRecordType } from '../../../src/shared/domain/attachments';
import { ATTACHMENTS_PER_RECORD_MAX } from '../../../src/shared/domain/limits';
import type { Right } from '../../../src/shared/domain/rights';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store';
import { sha256OfFile, type UploadedFile } from '../../lib/uploads';
import type { AuditRepository } from '../audit/audit.repository';
import type { MissionMode, MissionReach } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import { toAttachment, toQueueItem } from './attachments.mapper';
import type { AttachmentsRepository } from './attachments.repository';

export interface AttachmentsServiceDeps {
  repository: AttachmentsRepository;
  /** DATA_DIR/attachments: each file under a random name that says nothing of the original one. */
  files: FileStore;
  owners: RecordOwners;
  /** A mission's files follow the supervised pilot's rule on the mission (docs/security.md "Missions a pilot flies"). */
  missionReach: MissionReach;
  audit: AuditRepository;
  clock: Clock;
  /** Called after an operator document is added or removed: validated data changed (docs/agreements.md). */
  onOperatorDocumentChanged(userId: string, actorId: string, what: string): Promise<void>;
}

/** Rights that read every attachment: user administration and the validation queue. */
const READ_ALL: readonly Right[] = ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN', 'ATTACHEMENT_VALIDATE'];

/** The right a supervised account needs to reach its operator's attachments of each record type. */
const SUPERVISED_READ: Record<AttachmentRecordType, Right> = {
  user: 'SUPERVISION_ACCOUNT_EDIT',
  pilot: 'PILOT_LIST',
  machine: 'MACHINE_LIST',
  droneModel: 'MACHINE_LIST',
  mission: 'PREFLIGHT_LIST',
};

/** The right needed to add or remove files on one's own (or one's operator's) record; the account's own documents need none. */
const OWNER_WRITE: Record<AttachmentRecordType, Right | null> = {
  user: null,
  pilot: 'PILOT_EDIT',
  machine: 'MACHINE_EDIT',
  droneModel: 'MACHINE_EDIT',
  mission: 'PREFLIGHT_EDIT',
};

const DECLARED_BY_EXTENSION: Record<string, AttachmentMimeType> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/**
 * The type the uploader claims: the file name's extension, else the part's Content-Type. The content decides; a
 * claim that differs from it (a PNG named .pdf) is refused rather than silently renamed.
 */
function declaredType(file: UploadedFile): string {
  return DECLARED_BY_EXTENSION[path.extname(file.originalname).toLowerCase()] ?? file.mimetype.toLowerCase();
}

const invalidType = () => new AppError('UPLOAD_INVALID_TYPE', 'Invalid file type');

export function createAttachmentsService(deps: AttachmentsServiceDeps) {
  const { repository, files, owners, missionReach, audit, clock } = deps;

  const anyOf = (actor: AuthUser, rights: readonly Right[]) => rights.some((right) => actor.rights.has(right));

  /** Whether the record's owner is the actor or the operator its supervised account works for. */
  async function reaches(actor: AuthUser, ownerId: string) {
    return ownerId === actor.id || (await owners.ownerId(actor, { kind: 'own' })) === ownerId;
  }

  /** A record: its type and id, and its owner (null for the shared catalogue). */
  type RecordRef = { recordType: AttachmentRecordType; recordId: string; ownerId: string | null };

  /** A mission another pilot flies answers 404 to a supervised pilot limited to his own flights, as a missing record. */
  async function checkMission(actor: AuthUser, record: RecordRef, mode: MissionMode) {
    if (record.recordType === 'mission') await missionReach.check(actor, record.recordId, mode);
  }

  async function checkWrite(actor: AuthUser, record: RecordRef) {
    const { recordType, ownerId } = record;
    if (recordType === 'droneModel' ? actor.rights.has('DRONEMODEL_EDIT_ADMIN') : actor.rights.has('USER_EDIT_ADMIN')) return;
    // The shared catalogue is visible to everyone, so hiding it behind a 404 would hide nothing.
    if (ownerId === null) throw new AppError('NOT_ALLOWED', 'Only drone-model administrators add files to the shared catalogue');
    if (!(await reaches(actor, ownerId))) throw new AppError('NOT_FOUND', 'Unknown record');
    await checkMission(actor, record, 'write');
    const right = OWNER_WRITE[recordType];
    const needed = ownerId === actor.id ? right : (right ?? 'SUPERVISION_ACCOUNT_EDIT');
    if (needed && !actor.rights.has(needed)) throw new AppError('NOT_ALLOWED', 'Not allowed');
  }

  async function checkRead(actor: AuthUser, record: RecordRef) {
    const { recordType, ownerId } = record;
    if (anyOf(actor, READ_ALL) || (recordType === 'droneModel' && anyOf(actor, ['DRONEMODEL_LIST_ADMIN', 'DRONEMODEL_EDIT_ADMIN']))) return;
    if (ownerId === null || ownerId === actor.id) return;
    if (!(await reaches(actor, ownerId))) throw new AppError('NOT_FOUND', 'Unknown attachment');
    await checkMission(actor, record, 'read');
    // A supervised pilot reads the files of his own pilot record, his "My account" (spec shell §6).
    if (recordType === 'pilot' && actor.pilot?.id === record.recordId) return;
    if (!actor.rights.has(SUPERVISED_READ[recordType])) throw new AppError('NOT_ALLOWED', 'Not allowed');
  }

  /** Another operator's attachment answers 404 like a missing one. */
  async function readable(actor: AuthUser, id: string) {
    const attachment = await repository.find(id);
    if (!attachment) throw new AppError('NOT_FOUND', 'Unknown attachment');
    await checkRead(actor, attachment);
    return attachment;
  }

  return {
    /**
     * Checks, in order: the record and the right to write on it, the file's presence, its type by content (and
     * against the declared type), the per-record count. The size limit is enforced while the upload streams, before
     * any of this. Nothing is kept before every check passed, and a failed insert removes the file again.
     */
    async upload(actor: AuthUser, input: AttachmentUpload, file: UploadedFile | undefined) {
      const record = await repository.recordOwner(input.recordType, input.recordId);
      if (!record) throw new AppError('NOT_FOUND', 'Unknown record');
      await checkWrite(actor, { ...input, ownerId: record.ownerId });
      if (!file || file.size === 0) throw new AppError('UPLOAD_FILE_REQUIRED', 'A file must be provided');
      const detected = await fileTypeFromFile(file.path);
      const allowed: readonly string[] = MIME_TYPES_BY_KIND[input.kind];
      if (!detected || !allowed.includes(detected.mime) || declaredType(file) !== detected.mime) throw invalidType();

      const sha256 = await sha256OfFile(file.path);
      const storedName = randomUUID();
      await files.put(storedName, file);
      let created;
      try {
        created = await repository.createWithinLimit(
          {
            ownerId: record.ownerId,
            uploadedById: actor.id,
            recordType: input.recordType,
            recordId: input.recordId,
            kind: input.kind,
            originalName: path.basename(file.originalname).slice(0, 255) || `file.${detected.ext}`,
            storedName,
            mime: detected.mime,
            size: file.size,
            sha256,
            createdAt: clock.now(),
          },
          ATTACHMENTS_PER_RECORD_MAX,
        );
      } catch (error) {
        await files.delete(storedName);
        throw error;
      }
      if (!created) {
        await files.delete(storedName);
        throw new AppError('UPLOAD_TOO_MANY_FILES', `At most ${ATTACHMENTS_PER_RECORD_MAX} files per record`);
      }
      await audit.record({
        actorId: actor.id,
        action: 'attachment.upload',
        subjectType: 'attachment',
        subjectId: created.id,
        data: { recordType: input.recordType, recordId: input.recordId },
      });
      if (input.recordType === 'user' && record.ownerId)
        await deps.onOperatorDocumentChanged(record.ownerId, actor.id, `document:${input.kind}`);
      return toAttachment(created);
    },

    async get(actor: AuthUser, id: string) {
      return toAttachment(await readable(actor, id));
    },

    async content(actor: AuthUser, id: string) {
      const attachment = await readable(actor, id);
      return { attachment, stream: files.get(attachment.storedName) };
    },

    async forRecord(actor: AuthUser, recordType: AttachmentRecordType, recordId: string) {
      const record = await repository.recordOwner(recordType, recordId);
      if (!record) throw new AppError('NOT_FOUND', 'Unknown record');
      await checkRead(actor, { recordType, recordId, ownerId: record.ownerId });
      return (await repository.forRecord(recordType, recordId)).map(toAttachment);
    },

    async remove(actor: AuthUser, id: string) {
      const attachment = await readable(actor, id);
      await checkWrite(actor, attachment);
      await repository.remove(id);
      await files.delete(attachment.storedName);
      await audit.record({
        actorId: actor.id,
        action: 'attachment.delete',
        subjectType: 'attachment',
        subjectId: id,
        data: { recordType: attachment.recordType, recordId: attachment.recordId },
      });
      if (attachment.recordType === 'user' && attachment.ownerId)
        await deps.onOperatorDocumentChanged(attachment.ownerId, actor.id, `document:${attachment.kind}`);
    },

    async queue(query: AttachmentQueueQuery) {
      const { items, total } = await repository.queue(query);
      return { items: items.map(toQueueItem), total, page: query.page, pageSize: query.pageSize };
    },

    async decide(actor: AuthUser, id: string, decision: { status: 'validated' } | { status: 'rejected'; reason: string }) {
      if (!(await repository.find(id))) throw new AppError('NOT_FOUND', 'Unknown attachment');
      const decided = await repository.decide(id, {
        status: decision.status,
        rejectionReason: decision.status === 'rejected' ? decision.reason : null,
        validatedById: actor.id,
        validatedAt: clock.now(),
      });
      if (!decided) throw new AppError('ATTACHMENT_ALREADY_DECIDED', 'This attachment has already been decided');
      await audit.record({ actorId: actor.id, action: `attachment.${decision.status}`, subjectType: 'attachment', subjectId: id });
      return toAttachment(decided);
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
