import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/payments/user/{userId}: built by a later issue; until then an honest placeholder. */
export default function PaymentsRoute() {
  return <PlaceholderPage screen="payments" feature="payments" />;
}
