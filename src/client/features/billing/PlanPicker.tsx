// 'Choose Your GameMaster Plan': three plan cards (the second marked 'Most
// Popular'), the payment-mode notice and the footer line.
import { Alert, Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useClientConfig } from '../auth/useClientConfig';
import { trpc } from '../../trpc';
import { usePaymentsConfig, usePlans } from './api';
import { PlanCard } from './PlanCard';
import { useChoosePlan } from './useChoosePlan';

const POPULAR_INDEX = 1;

export function PlanPicker() {
  const { plans } = usePlans();
  const payments = usePaymentsConfig();
  const { supportEmail } = useClientConfig();
  const { user } = useCurrentUser();
  const status = trpc.billing.userSubscription.useQuery(undefined, { enabled: user?.role === 'gamemaster' });
  const { choose, pendingPlanId } = useChoosePlan();
  const currentPlanId = status.data?.status === 'active' ? status.data.plan?.id : undefined;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4} align="center">
          <Title order={1} ta="center">
            Choose Your GameMaster Plan
          </Title>
          <Text c="dimmed" ta="center" maw={560}>
            Run GPS dinosaur hunts for your group. Every plan is billed weekly.
          </Text>
        </Stack>
        {payments.data?.provider === 'none' && (
          <Alert color="yellow" title="Payments are not configured" data-testid="payments-not-configured">
            No payment provider is configured on this server: plans activate at once, without charge.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {plans.map((plan, i) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              popular={i === POPULAR_INDEX}
              current={plan.id === currentPlanId}
              loading={pendingPlanId === plan.id}
              disabled={pendingPlanId !== null && pendingPlanId !== plan.id}
              onChoose={(p) => void choose(p)}
            />
          ))}
        </SimpleGrid>
        <Text c="dimmed" size="sm" ta="center">
          All plans include secure payment processing and can be cancelled at any time. Need a custom solution?{' '}
          <Anchor href={`mailto:${supportEmail}`}>Contact us</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
