import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/pilots, pilots/user/{userId}: built by a later issue; until then an honest placeholder. */
export default function PilotsRoute() {
  return <PlaceholderPage screen="pilots" feature="pilots" />;
}
