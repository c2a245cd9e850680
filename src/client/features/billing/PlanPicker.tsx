// 'Choose Your GameMaster Plan': three plan cards (the second marked 'Most
// Popular'), the payment-mode notice and the footer line. No button offers
// something that can only fail: a subscribed game master's own plan is
// 'Current Plan' (disabled) and the others 'Switch to {name}'; hunters and
// admins are told plans are for game masters and the buttons are disabled.
import { Alert, Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useClientConfig } from '../auth/useClientConfig';
import { trpc } from '../../trpc';
import { usePaymentsConfig, usePlans } from './api';
import { CurrentPlanCard } from './CurrentPlanCard';
import { type PlanAction, PlanCard } from './PlanCard';
import { useChoosePlan } from './useChoosePlan';

const POPULAR_INDEX = 1;

export function PlanPicker() {
  const { plans } = usePlans();
  const payments = usePaymentsConfig();
  const { supportEmail } = useClientConfig();
  const { user, isLoading: userPending } = useCurrentUser();
  const status = trpc.billing.userSubscription.useQuery(undefined, { enabled: user?.role === 'gamemaster' });
  const { choose, pendingPlanId } = useChoosePlan();
  const currentPlanId = status.data?.status === 'active' ? status.data.plan?.id : undefined;
  const notGameMaster = user !== null && user.role !== 'gamemaster';
  // The buttons wait for the sign-in status and then a game master's plan status, so a click never targets
  // the plan already held, and no button turns from enabled to disabled under a finger (which swallowed a
  // click made as the user's role arrived and the plan status began loading).
  const statusPending = userPending || (user?.role === 'gamemaster' && status.isLoading);
  const provider = payments.data?.provider;

  function actionFor(planId: number): PlanAction {
    if (currentPlanId === undefined) return 'get-started';
    return planId === currentPlanId ? 'current' : 'switch';
  }

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
        {notGameMaster && (
          <Alert color="blue" title="Plans are for GameMaster accounts." data-testid="plans-not-for-role">
            {user?.role === 'admin' ? (
              <>
                Admin accounts use every GameMaster feature without a plan.{' '}
                <Anchor component={Link} to="/admin" inherit>
                  Go to System Administration
                </Anchor>
              </>
            ) : (
              <>
                Hunters join sessions with the credentials their GameMaster shares; no plan is needed.{' '}
                <Anchor component={Link} to="/hunter" inherit>
                  Go to the hunter dashboard
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {provider === 'none' && !notGameMaster && (
          <Alert color="yellow" title="Payments are not configured" data-testid="payments-not-configured">
            No payment provider is configured on this server: plans activate at once, without charge.
          </Alert>
        )}
        {user?.role === 'gamemaster' && <CurrentPlanCard />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {plans.map((plan, i) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              popular={i === POPULAR_INDEX}
              action={actionFor(plan.id)}
              loading={pendingPlanId === plan.id}
              disabled={notGameMaster || statusPending || (pendingPlanId !== null && pendingPlanId !== plan.id)}
              onChoose={(p) => void choose(p)}
            />
          ))}
        </SimpleGrid>
        <Text c="dimmed" size="sm" ta="center" data-testid="plans-footer">
          {provider === 'stripe' && 'All plans include secure payment processing and can be cancelled at any time. '}
          {provider === 'none' &&
            'Payments are not configured on this server: plans activate without charge and can be cancelled at any time. '}
          {provider === undefined && 'Plans can be cancelled at any time. '}
          Need a custom solution? <Anchor href={`mailto:${supportEmail}`}>Contact us</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
