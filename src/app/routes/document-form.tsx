import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/documents/add, documents/edit/{id}: built by a later issue; until then an honest placeholder. */
export default function DocumentFormRoute() {
  return <PlaceholderPage screen="documentForm" feature="documents" />;
}
