import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/alerts: built by a later issue; until then an honest placeholder. */
export default function AlertsRoute() {
  return <PlaceholderPage screen="alerts" feature="alerts" />;
}
