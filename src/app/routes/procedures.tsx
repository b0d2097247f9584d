import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/procedures: built by a later issue; until then an honest placeholder. */
export default function ProceduresRoute() {
  return <PlaceholderPage screen="procedures" feature="permissionRequests" />;
}
