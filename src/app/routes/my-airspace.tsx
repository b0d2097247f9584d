import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/airspace: built by a later issue; until then an honest placeholder. */
export default function MyAirspaceRoute() {
  return <PlaceholderPage screen="myAirspace" feature="airspaces" />;
}
