import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/pilots/add, pilots/add/{userId}, pilots/edit/{id}, pilots/edit/{userId}/{id}: built by a later issue; until then an honest placeholder. */
export default function PilotFormRoute() {
  return <PlaceholderPage screen="pilotForm" feature="pilots" />;
}
