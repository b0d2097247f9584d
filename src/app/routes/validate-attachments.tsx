import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/validateattachements: built by a later issue; until then an honest placeholder. */
export default function ValidateAttachmentsRoute() {
  return <PlaceholderPage screen="validateAttachments" feature="agreements" />;
}
