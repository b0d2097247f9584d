import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/postflights/{id}: built by a later issue; until then an honest placeholder. */
export default function PostflightRoute() {
  return <PlaceholderPage screen="postflight" feature="postFlights" />;
}
