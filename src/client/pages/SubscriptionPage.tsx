import { PageShell } from '../components/PageShell';
import { PlanPicker } from '../features/billing/PlanPicker';

export function SubscriptionPage() {
  return (
    <PageShell>
      <PlanPicker />
    </PageShell>
  );
}
