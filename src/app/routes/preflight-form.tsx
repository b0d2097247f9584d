import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/preflights/add, preflights/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function PreflightFormRoute() {
  return <PlaceholderPage screen="preflightForm" feature="missions" />;
}
