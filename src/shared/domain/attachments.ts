// Attachments: which kinds each record type takes and which file types are accepted (docs/registry.md "Attachments").
export const ATTACHMENT_RECORD_TYPES = ['user', 'pilot', 'machine', 'droneModel', 'mission'] as const;
export type AttachmentRecordType = (typeof ATTACHMENT_RECORD_TYPES)[number];

export const ATTACHMENT_KINDS = [
  'operationsManual',
  'idDocument',
  'insuranceCertificate',
  'pilotDocument',
  'machineDocument',
  'UMM',
  'COCE',
  'OTHER',
  'missionAuthorisation',
  'missionRiskAssessment',
  'missionSiteAgreement',
  'missionOther',
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const ATTACHMENT_STATUSES = ['pending', 'validated', 'rejected'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** The operator documents agreement validation asks for (spec domain §5). */
export const OPERATOR_DOCUMENT_KINDS = [
  'operationsManual',
  'idDocument',
  'insuranceCertificate',
] as const satisfies readonly AttachmentKind[];

/**
 * A mission's documents by type (spec domain §3): authorisations and agreements obtained (prefecture, ATC,
 * aerodrome…), the risk assessment, the landowner's or site's agreement, anything else.
 */
export const MISSION_DOCUMENT_KINDS = [
  'missionAuthorisation',
  'missionRiskAssessment',
  'missionSiteAgreement',
  'missionOther',
] as const satisfies readonly AttachmentKind[];

export const KINDS_BY_RECORD_TYPE: Readonly<Record<AttachmentRecordType, readonly AttachmentKind[]>> = {
  user: OPERATOR_DOCUMENT_KINDS,
  pilot: ['pilotDocument'],
  machine: ['machineDocument'],
  droneModel: ['UMM', 'COCE', 'OTHER'],
  mission: MISSION_DOCUMENT_KINDS,
};

export const ATTACHMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

/** Documents are scans or PDFs everywhere; the table keeps the rule per kind so that one can differ. */
export const MIME_TYPES_BY_KIND: Readonly<Record<AttachmentKind, readonly AttachmentMimeType[]>> = {
  operationsManual: ['application/pdf'],
  idDocument: ATTACHMENT_MIME_TYPES,
  insuranceCertificate: ATTACHMENT_MIME_TYPES,
  pilotDocument: ATTACHMENT_MIME_TYPES,
  machineDocument: ATTACHMENT_MIME_TYPES,
  UMM: ['application/pdf'],
  COCE: ATTACHMENT_MIME_TYPES,
  OTHER: ATTACHMENT_MIME_TYPES,
  missionAuthorisation: ATTACHMENT_MIME_TYPES,
  missionRiskAssessment: ['application/pdf'],
  missionSiteAgreement: ATTACHMENT_MIME_TYPES,
  missionOther: ATTACHMENT_MIME_TYPES,
};

export const EXTENSION_BY_MIME: Readonly<Record<AttachmentMimeType, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

export function isKindOf(recordType: AttachmentRecordType, kind: AttachmentKind): boolean {
  return KINDS_BY_RECORD_TYPE[recordType].includes(kind);
}
