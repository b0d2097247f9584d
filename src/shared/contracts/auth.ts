import { z } from 'zod';
import { AGREEMENT_STATUSES, CIVILITIES, HOMEPAGES, LANGUAGES } from '../domain/enums';
import { passwordProblems } from '../domain/password-policy';
import { birthDateSchema, emailSchema, phoneSchema, required, text } from './common';
import { oneIdentifierPerType, profileSchema } from './users';

export const passwordSchema = z.string().superRefine((value, ctx) => {
  for (const problem of passwordProblems(value)) {
    ctx.addIssue({ code: 'custom', message: `validation:password.${problem}` });
  }
});

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation:required'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation:code')
    .optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  expiredAt: z.number().int().describe('Expiry of the access token, in seconds since the epoch'),
  roles: z.array(z.string()),
  name: z.string(),
  gjrt: z.string().describe('Single-use refresh token'),
  lang: z.enum(LANGUAGES),
  status: z.enum(AGREEMENT_STATUSES).describe('Agreement status of the account'),
  supervision: z.string().nullable().describe('For a supervised pilot account, the id of the pilot it signs in for (spec shell §3)'),
  email: z.string(),
  airspaceAdmin: z.boolean(),
  airspaceAdminId: z.string().nullable(),
  homepage: z.enum(HOMEPAGES),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshBodySchema = z.object({ gjrt: z.string().min(1, 'validation:required') });
export const refreshResultSchema = loginResultSchema;

export const signupBodySchema = z
  .object({
    civility: z.enum(CIVILITIES).optional(),
    firstName: required(100),
    lastName: required(100),
    email: emailSchema,
    emailConfirmation: emailSchema,
    password: passwordSchema,
    passwordConfirmation: z.string(),
    companyName: text(200).optional(),
    phoneNumber: phoneSchema.optional(),
    lang: z.enum(LANGUAGES).default('en'),
    newsletter: z.boolean().default(false),
    legalNotice: z.literal(true, { message: 'validation:legalNotice' }),
  })
  .refine((v) => v.email === v.emailConfirmation, { path: ['emailConfirmation'], message: 'validation:emailMismatch' })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation:passwordMismatch',
  });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const tokenBodySchema = z.object({ token: z.string().min(1, 'validation:required') });

export const forgottenPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1), password: passwordSchema, passwordConfirmation: z.string() })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation:passwordMismatch',
  });

/** Works signed in (current password proves identity) and signed out for an expired password (with the e-mail). */
export const changePasswordBodySchema = z
  .object({
    email: emailSchema.optional(),
    currentPassword: z.string().min(1, 'validation:required'),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation:passwordMismatch',
  });

export const changeEmailBodySchema = z
  .object({ email: emailSchema, emailConfirmation: emailSchema, currentPassword: z.string().min(1, 'validation:required') })
  .refine((v) => v.email === v.emailConfirmation, { path: ['emailConfirmation'], message: 'validation:emailMismatch' });

export const logoutBodySchema = z.object({ gjrt: z.string().optional() });

export const messageResultSchema = z.object({ message: z.string() });

export const externalIdentifierSchema = z.object({ type: required(), value: required() });

export const accountSchema = profileSchema.extend({
  apiKey: z.string().nullable(),
  doubleFactorEnabled: z.boolean(),
  /** An operator's choice: whoever sent a mission for validation does not validate it (docs/security.md). */
  secondPersonValidation: z.boolean(),
  roles: z.array(z.string()),
});
export type Account = z.infer<typeof accountSchema>;

const optionalText = z.string().trim().max(200).nullable().optional();

export const accountUpdateSchema = z.object({
  civility: z.enum(CIVILITIES).nullable().optional(),
  firstName: required().optional(),
  lastName: required().optional(),
  phoneNumber: phoneSchema.nullable().optional(),
  dateOfBirth: birthDateSchema.nullable().optional(),
  companyName: optionalText,
  addressLine1: optionalText,
  addressLine2: optionalText,
  addressLine3: optionalText,
  postalCode: z.string().trim().max(20).nullable().optional(),
  city: optionalText,
  country: optionalText,
  homepage: z.enum(HOMEPAGES).optional(),
  newsletter: z.boolean().optional(),
  lang: z.enum(LANGUAGES).optional(),
  doubleFactorEnabled: z.boolean().optional(),
  /** The operator's own setting; a supervised pilot account may not set it (403 NOT_ALLOWED). */
  secondPersonValidation: z.boolean().optional(),
  externalIdentifiers: z.array(externalIdentifierSchema).superRefine(oneIdentifierPerType).optional(),
});

/** What a supervised pilot with SUPERVISION_ACCOUNT_EDIT may change of the operator's account: its company and phone. */
export const parentAccountUpdateSchema = accountUpdateSchema.pick({
  phoneNumber: true,
  companyName: true,
  addressLine1: true,
  addressLine2: true,
  addressLine3: true,
  postalCode: true,
  city: true,
  country: true,
});
export type ParentAccountUpdate = z.infer<typeof parentAccountUpdateSchema>;
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
