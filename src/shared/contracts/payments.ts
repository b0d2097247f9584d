import { z } from 'zod';
import { dateSchema, pageOf, pageQuerySchema, required } from './common';

export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Largest single amount, in euro cents (one million euros). */
export const PAYMENT_MAX_CENTS = 100_000_000;

export const paymentCreateSchema = z
  .object({
    reference: required().max(60),
    label: required().max(200),
    amountCents: z.number().int('validation:payment.amount').min(0, 'validation:tooSmall').max(PAYMENT_MAX_CENTS, 'validation:tooBig'),
    periodStart: dateSchema,
    periodEnd: dateSchema,
    dueDate: dateSchema.nullable().default(null),
    status: z.enum(PAYMENT_STATUSES).default('unpaid'),
  })
  .refine((payment) => payment.periodEnd >= payment.periodStart, { path: ['periodEnd'], message: 'validation:endBeforeStart' });
export type PaymentCreate = z.input<typeof paymentCreateSchema>;
export type PaymentInput = z.output<typeof paymentCreateSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  reference: z.string(),
  label: z.string(),
  amountCents: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENT_SORTS = ['periodStart', 'amountCents', 'reference'] as const;
export const paymentListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PAYMENT_SORTS).default('periodStart'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/** The totals shown above the list: what is still due and what was paid. */
export const paymentPageSchema = pageOf(paymentSchema).extend({
  unpaidCents: z.number().int(),
  paidCents: z.number().int(),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;
