/** How long MapLibre fades the labels it places in (its own default). */
export const LABEL_FADE_MS = 300;

/**
 * The labels' fade on this screen: none for a person who asks for reduced motion, as the theme's transitions
 * (src/app/theme.ts). On a map it also spares the frames drawn during each fade, a quarter of a map screen's drawing
 * on a software renderer (docs/performance.md, "Test suite time").
 */
export function labelFadeMs(view: Pick<Window, 'matchMedia'> = window): number {
  return view.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : LABEL_FADE_MS;
}
