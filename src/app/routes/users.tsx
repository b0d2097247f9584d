import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/users: built by a later issue; until then an honest placeholder. */
export default function UsersRoute() {
  return <PlaceholderPage screen="users" feature="users" />;
}
