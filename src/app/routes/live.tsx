import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/live: built by a later issue; until then an honest placeholder. */
export default function LiveRoute() {
  return <PlaceholderPage screen="live" feature="traffic" />;
}
