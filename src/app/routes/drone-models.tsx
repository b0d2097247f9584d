import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/dronemodels: built by a later issue; until then an honest placeholder. */
export default function DroneModelsRoute() {
  return <PlaceholderPage screen="droneModels" feature="droneModels" />;
}
