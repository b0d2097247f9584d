import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/machines, machines/user/{userId}: built by a later issue; until then an honest placeholder. */
export default function MachinesRoute() {
  return <PlaceholderPage screen="machines" feature="machines" />;
}
