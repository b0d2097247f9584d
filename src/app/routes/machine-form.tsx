import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/machines/add, machines/add/{userId}, machines/edit/{id}, machines/edit/{userId}/{id}: built by a later issue; until then an honest placeholder. */
export default function MachineFormRoute() {
  return <PlaceholderPage screen="machineForm" feature="machines" />;
}
