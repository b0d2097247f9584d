import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '@/lib/i18n';

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
await i18n.loadNamespaces([...NAMESPACES]);

afterEach(() => {
  cleanup();
});
