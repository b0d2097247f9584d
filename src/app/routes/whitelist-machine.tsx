import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/whitelistmachine: built by a later issue; until then an honest placeholder. */
export default function WhitelistMachineRoute() {
  return <PlaceholderPage screen="whitelistMachine" feature="whitelist" />;
}
