// Plan, sessions used this week and credits, for the game master screen.
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { trpc } from '../../trpc';
import { formatPeriodEnd } from './messages';

export function SubscriptionSummary() {
  const { data } = trpc.billing.userSubscription.useQuery(undefined, { retry: false });
  if (!data?.plan || data.status !== 'active') return null;
  const allowed = data.sessionsAllowed === null ? 'unlimited' : data.sessionsAllowed;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="subscription-summary">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          Plan: <b>{data.plan.name}</b>
        </Text>
        <Text size="sm">
          Sessions this week: <b>{data.sessionsUsedThisWeek}</b> / {allowed}
        </Text>
        <Text size="sm">
          Up to <b>{data.plan.maxPlayersPerSession}</b> players per session
        </Text>
        <Text size="sm">
          Session credits: <b>{data.sessionCredits}</b>
        </Text>
        {data.cancelAtPeriodEnd && (
          <Text size="sm" c="orange.9" fw={600}>
            Cancels on {formatPeriodEnd(data.currentPeriodEnd)} ·{' '}
            <Anchor component={Link} to="/subscription" size="sm" inherit>
              Keep my plan
            </Anchor>
          </Text>
        )}
      </Group>
    </Paper>
  );
}
