import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/preflights: built by a later issue; until then an honest placeholder. */
export default function PreflightsRoute() {
  return <PlaceholderPage screen="preflights" feature="missions" />;
}
