import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/app/locales';
import { i18n, initI18n, namespaces } from '@/lib/i18n';

// Screens are loaded lazily, as in the browser: on a busy machine the first render of a large one can take longer
// than testing-library's default second; the mission editor took over 15 s at load 35. Every wait of the DOM tests
// uses this one limit (a passing test never reaches it), under the test's own (vitest.config.ts).
configure({ asyncUtilTimeout: 30_000 });

// Mantine reads media queries; jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent() {
        return false;
      },
    }),
  });
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Mantine's autosize Textarea resizes when web fonts load; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  });
}

// jsdom logs "not implemented" for scrolling; route changes scroll to the top.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

await initI18n('en');
await i18n.loadNamespaces(namespaces());

afterEach(() => {
  cleanup();
});
