import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/procedureclassifications: built by a later issue; until then an honest placeholder. */
export default function ProcedureClassificationsRoute() {
  return <PlaceholderPage screen="procedureClassifications" feature="classifications" />;
}
