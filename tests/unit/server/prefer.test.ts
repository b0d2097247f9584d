import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { returnPreference } from '../../../server/lib/prefer';

const withPrefer = (value: string | undefined) => ({ get: (name: string) => (name === 'prefer' ? value : undefined) }) as Request;

describe('the return preference of a Prefer header (RFC 7240)', () => {
  it('reads return=minimal and return=representation, in any case, quoted or not', () => {
    expect(returnPreference(withPrefer('return=minimal'))).toBe('minimal');
    expect(returnPreference(withPrefer('Return = "Representation"'))).toBe('representation');
  });

  it('finds it among other preferences and their parameters, the first one counting', () => {
    expect(returnPreference(withPrefer('respond-async, wait=10, return=minimal; foo=bar'))).toBe('minimal');
    expect(returnPreference(withPrefer('return=representation, return=minimal'))).toBe('representation');
  });

  it('answers null without a header, without a return preference, or with a value it does not know', () => {
    expect(returnPreference(withPrefer(undefined))).toBeNull();
    expect(returnPreference(withPrefer('respond-async, wait=5'))).toBeNull();
    expect(returnPreference(withPrefer('return'))).toBeNull();
    expect(returnPreference(withPrefer('return=headers-only'))).toBeNull();
    expect(returnPreference(withPrefer('returning=minimal'))).toBeNull();
  });
});
