/** What the e2e test polls (toolchain §3): 'init', then 'idle-rendered' after the first idle, or 'error: …'. */
export type MapState = 'init' | 'idle-rendered' | `error: ${string}`;

declare global {
  interface Window {
    __mapState?: MapState;
  }
}

export function setMapState(state: MapState) {
  // The first error stays: a later idle must not hide it.
  if (window.__mapState?.startsWith('error:') && state !== 'init') return;
  window.__mapState = state;
}
