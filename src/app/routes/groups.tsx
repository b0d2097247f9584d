import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/groups: built by a later issue; until then an honest placeholder. */
export default function GroupsRoute() {
  return <PlaceholderPage screen="groups" feature="groups" />;
}
