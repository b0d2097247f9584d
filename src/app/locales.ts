import { addLocales } from '@/lib/i18n';

// The namespaces of the screens past the login page (src/lib/i18n.ts lists the login page's own).
addLocales(
  import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/{common,auth,errors,validation}.json'], {
    import: 'default',
  }),
);
