import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/documents: built by a later issue; until then an honest placeholder. */
export default function DocumentsRoute() {
  return <PlaceholderPage screen="documents" feature="documents" />;
}
