import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@/shared/domain/enums';

/** EN / FR toggle buttons; the caller decides what else a change does (store it, PATCH the account). */
export function LanguageSwitch({ onChange }: { onChange: (language: Language) => void }) {
  const { t, i18n } = useTranslation('common');
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <Group gap={0} role="group" aria-label={t('language.label')} data-testid="language-switch" wrap="nowrap">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-xs"
          variant={language === current ? 'filled' : 'default'}
          aria-pressed={language === current}
          // The visible code first, so speech input ("click EN") finds the button (WCAG 2.5.3 label in name).
          aria-label={`${t(`language.short.${language}`)} (${t(`language.names.${language}`)})`}
          lang={language}
          data-testid={`language-${language}`}
          onClick={() => language !== current && onChange(language)}
        >
          {t(`language.short.${language}`)}
        </Button>
      ))}
    </Group>
  );
}
