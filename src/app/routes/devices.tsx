import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/devices: built by a later issue; until then an honest placeholder. */
export default function DevicesRoute() {
  return <PlaceholderPage screen="devices" feature="devices" />;
}
