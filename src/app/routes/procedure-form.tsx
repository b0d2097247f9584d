import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/procedure/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function ProcedureFormRoute() {
  return <PlaceholderPage screen="procedureForm" feature="permissionRequests" />;
}
