import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/myagreement: built by a later issue; until then an honest placeholder. */
export default function MyAgreementRoute() {
  return <PlaceholderPage screen="myAgreement" feature="agreements" />;
}
