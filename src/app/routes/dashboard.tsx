import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/dashboard: built by a later issue; until then an honest placeholder. */
export default function DashboardRoute() {
  return <PlaceholderPage screen="dashboard" feature="dashboard" />;
}
