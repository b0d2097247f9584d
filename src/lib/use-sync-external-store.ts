// react-i18next reads `useSyncExternalStore` from the `use-sync-external-store/shim` package, written for React 17 and
// older; on React 19 the shim hands back React's own hook. The build resolves the shim to this module (vite.config.ts),
// which leaves the shim's fallback out of the login page's JavaScript.
export { useSyncExternalStore } from 'react';
