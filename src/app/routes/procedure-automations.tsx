import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/procedureautomations: built by a later issue; until then an honest placeholder. */
export default function ProcedureAutomationsRoute() {
  return <PlaceholderPage screen="procedureAutomations" feature="automations" />;
}
