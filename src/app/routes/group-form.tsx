import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/groups/add, groups/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function GroupFormRoute() {
  return <PlaceholderPage screen="groupForm" feature="groups" />;
}
