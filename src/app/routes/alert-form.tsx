import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/alerts/add, alerts/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function AlertFormRoute() {
  return <PlaceholderPage screen="alertForm" feature="alerts" />;
}
