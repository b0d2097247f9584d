import { z } from 'zod';
import { AGREEMENT_ACTIONS, AGREEMENT_CHECKLIST_ITEMS } from '../domain/agreement-status';
import { AGREEMENT_STATUSES } from '../domain/enums';
import { dateSchema, required } from './common';
import { attachmentSchema } from './attachments';

export const agreementChecklistSchema = z.array(z.object({ item: z.enum(AGREEMENT_CHECKLIST_ITEMS), done: z.boolean() }));

export const agreementHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AGREEMENT_ACTIONS),
  fromStatus: z.enum(AGREEMENT_STATUSES),
  toStatus: z.enum(AGREEMENT_STATUSES),
  reason: z.string().nullable(),
  actorName: z.string().nullable().describe('Null for the expiry job'),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

export const agreementSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  expiresAt: z.string().nullable(),
  adminMessage: z.string().nullable().describe('The reason of the last rejection'),
  checklist: agreementChecklistSchema,
  complete: z.boolean(),
  actions: z.array(z.enum(AGREEMENT_ACTIONS)).describe("What the reader may do now (the operator's or the administrator's actions)"),
  documents: z.array(attachmentSchema).describe('The operator documents: operations manual, ID document, insurance certificate'),
  history: z.array(agreementHistoryEntrySchema),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementValidateSchema = z.object({
  expiresAt: dateSchema.optional().describe('Expiry date; one year after today when left out'),
});
export type AgreementValidate = z.infer<typeof agreementValidateSchema>;

export const agreementRejectSchema = z.object({ reason: required().max(1000) });
