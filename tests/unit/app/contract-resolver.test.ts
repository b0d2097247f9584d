import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractResolver } from '@/lib/forms';
// The forms' messages are the i18n keys every contract's zod configuration gives, as in the app.
import '@/shared/contracts/common';

const options = { fields: {}, shouldUseNativeValidation: false };

const schema = z.object({
  title: z.string().min(1, 'validation:required'),
  amountCents: z.number().int('validation:invalid'),
  place: z.union([z.object({ kind: z.literal('point'), lon: z.number() }), z.object({ kind: z.literal('area'), km2: z.number() })]),
});

interface Values {
  title: string;
  amount: string;
  place: { kind: string; lon?: number; km2?: number };
}

const toInput = (values: Values) => ({ ...values, amountCents: Number(values.amount) * 100 });

describe('contractResolver', () => {
  it('hands the schema the converted values and the submit handler its output', async () => {
    const resolver = contractResolver(schema, { toInput });
    const result = await resolver({ title: 'Survey', amount: '12', place: { kind: 'point', lon: 2.35 } }, undefined, options);
    expect(result).toEqual({ values: { title: 'Survey', amountCents: 1200, place: { kind: 'point', lon: 2.35 } }, errors: {} });
  });

  it('puts the first issue of each path on its field, renamed where the form names it otherwise', async () => {
    const resolver = contractResolver(schema, { toInput, fieldOf: { amountCents: 'amount' } });
    const result = await resolver({ title: '', amount: '1.005', place: { kind: 'point', lon: 1 } }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      title: expect.objectContaining({ message: 'validation:required', type: 'too_small' }),
      amount: expect.objectContaining({ message: 'validation:invalid' }),
    });
  });

  it('shows the closest branch of a union', async () => {
    const resolver = contractResolver(schema, { toInput });
    const result = await resolver({ title: 'Survey', amount: '1', place: { kind: 'area' } }, undefined, options);
    expect(result.errors.place).toEqual(expect.objectContaining({ message: 'validation:required' }));
    expect(result.errors.place?.km2).toEqual(expect.objectContaining({ type: 'invalid_type' }));
  });

  it('adds the further issues even when another field fails, after the schema’s own', async () => {
    const resolver = contractResolver(schema, {
      toInput,
      moreIssues: (input) => [
        { path: 'title', message: 'form.titleTaken' },
        ...(input.place.kind === 'point' ? [{ path: 'place', message: 'form.areaRequired' }] : []),
      ],
    });
    const result = await resolver({ title: '', amount: '1', place: { kind: 'point', lon: 1 } }, undefined, options);
    expect(result.errors).toEqual({
      title: expect.objectContaining({ message: 'validation:required' }),
      place: expect.objectContaining({ type: 'custom', message: 'form.areaRequired' }),
    });
  });

  it('refuses values the schema accepts when a further issue remains', async () => {
    const resolver = contractResolver(schema, { toInput, moreIssues: () => [{ path: 'place', message: 'form.areaRequired' }] });
    const result = await resolver({ title: 'Survey', amount: '1', place: { kind: 'point', lon: 1 } }, undefined, options);
    expect(result).toEqual({ values: {}, errors: { place: expect.objectContaining({ message: 'form.areaRequired' }) } });
  });
});
