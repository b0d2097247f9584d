import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/airspaces: built by a later issue; until then an honest placeholder. */
export default function AirspacesRoute() {
  return <PlaceholderPage screen="airspaces" feature="airspaces" />;
}
