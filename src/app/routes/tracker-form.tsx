import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/trackers/add, trackers/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function TrackerFormRoute() {
  return <PlaceholderPage screen="trackerForm" feature="trackers" />;
}
