import { describe, expect, it } from 'vitest';
import { LABEL_FADE_MS, labelFadeMs } from '@/components/map/motion';

/** A browser whose only matching media query is `matching`, if any. */
function browserMatching(matching?: string): Pick<Window, 'matchMedia'> {
  return { matchMedia: (query: string) => ({ ...window.matchMedia(query), matches: query === matching }) };
}

describe('the map labels fade', () => {
  it('fades the labels in for a person who does not ask for reduced motion', () => {
    expect(labelFadeMs(browserMatching())).toBe(LABEL_FADE_MS);
    expect(labelFadeMs(browserMatching('(prefers-reduced-motion: no-preference)'))).toBe(LABEL_FADE_MS);
  });

  it('shows them at once for a person who asks for reduced motion', () => {
    expect(labelFadeMs(browserMatching('(prefers-reduced-motion: reduce)'))).toBe(0);
  });
});
