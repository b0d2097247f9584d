import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/replay: built by a later issue; until then an honest placeholder. */
export default function ReplayRoute() {
  return <PlaceholderPage screen="replay" feature="replay" />;
}
