import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /attachements/read/{type}/{id}: built with document management; until then an honest placeholder. */
export default function AttachmentReadRoute() {
  return <PlaceholderPage screen="attachmentRead" feature="documents" />;
}
