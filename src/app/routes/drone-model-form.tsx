import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/dronemodels/add, dronemodels/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function DroneModelFormRoute() {
  return <PlaceholderPage screen="droneModelForm" feature="droneModels" />;
}
