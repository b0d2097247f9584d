import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/users/add, users/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function UserFormRoute() {
  return <PlaceholderPage screen="userForm" feature="users" />;
}
