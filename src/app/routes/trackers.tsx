import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/trackers: built by a later issue; until then an honest placeholder. */
export default function TrackersRoute() {
  return <PlaceholderPage screen="trackers" feature="trackers" />;
}
