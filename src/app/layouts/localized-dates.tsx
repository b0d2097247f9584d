import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { firstDayOfWeek } from '@/lib/format';

/** Mantine's date pickers speak the app's language (month and day names) and start the week as the reader's locale does. */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return <DatesProvider settings={{ locale, firstDayOfWeek: firstDayOfWeek(i18n.language) }}>{children}</DatesProvider>;
}
