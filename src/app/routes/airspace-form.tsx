import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/airspaces/add, airspaces/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function AirspaceFormRoute() {
  return <PlaceholderPage screen="airspaceForm" feature="airspaces" />;
}
