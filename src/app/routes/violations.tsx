import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/violations (not in spec §2, see docs/navigation.md): built by a later issue; until then an honest placeholder. */
export default function ViolationsRoute() {
  return <PlaceholderPage screen="violations" feature="alerts" />;
}
