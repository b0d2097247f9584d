import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@/shared/domain/enums';
import { readStoredLanguage } from './session';

type LocaleLoader = () => Promise<Record<string, unknown>>;

// Every JSON under locales/<lang>/ is a namespace, each its own lazily loaded chunk: a namespace added by another feature
// is picked up without touching this file. The login page's four are listed here, in the entry; the app adds the others
// when it loads (`src/app/locales.ts`), so the first screen does not carry the list of every chunk (docs/navigation.md,
// "Bundle").
const loaders: Record<string, LocaleLoader> = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{common,auth,errors,validation}.json',
  {
    import: 'default',
  },
);

/** The app's other namespaces, before any of its screens asks for them. */
export function addLocales(more: Record<string, LocaleLoader>) {
  Object.assign(loaders, more);
}

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Every namespace known so far: the login page's, and all of them once the app has added its own. */
export function namespaces(): string[] {
  return [
    ...new Set(
      Object.keys(loaders)
        .map((file) => LOCALE_FILE.exec(file)?.[2])
        .filter((ns): ns is string => !!ns),
    ),
  ].sort();
}

/** Namespaces every screen needs, loaded before the first render; the others load with their screens. */
export const CORE_NAMESPACES = ['common'] as const;

/**
 * The error texts load with every screen but the login page, where they wait for the first interaction with the
 * form or the first failed call (docs/navigation.md, "Bundle").
 */
export function loadErrorTexts() {
  return i18n.loadNamespaces('errors');
}

/** The form messages (`validation` namespace) load with every screen but the login page, like the error texts. */
export function loadValidationTexts() {
  return i18n.loadNamespaces('validation');
}

export const DEFAULT_LANGUAGE: Language = 'en';

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Spec §1: the stored language of the user, else en. */
export async function initI18n(language: Language = readStoredLanguage() ?? DEFAULT_LANGUAGE) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', setDocumentLanguage);
    await i18n
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'languageOnly',
        ns: [...CORE_NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
      });
    setDocumentLanguage(language);
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
  }
  return i18n;
}

export function loadNamespaces(...namespaces: string[]) {
  return i18n.loadNamespaces(namespaces);
}

export function changeLanguage(language: Language) {
  return i18n.changeLanguage(language);
}
