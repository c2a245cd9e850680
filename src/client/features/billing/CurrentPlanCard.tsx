// 'Your plan' on /subscription for a game master with an active plan: what it is, when
// it renews or 'Cancels on <date>', and Cancel plan (confirmed) or Keep my plan
// (issue 23, decision 750). The plan stays active until the end of the period.
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { CANCEL_NOTICES, formatPeriodEnd } from './messages';

export function CurrentPlanCard() {
  const utils = trpc.useUtils();
  const status = trpc.billing.userSubscription.useQuery(undefined, { retry: false });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const settle = (next: NonNullable<typeof status.data>) => utils.billing.userSubscription.setData(undefined, next);
  const cancel = trpc.billing.cancelSubscription.useMutation({
    onSuccess: (next) => {
      settle(next);
      notify(CANCEL_NOTICES.cancelled(formatPeriodEnd(next.currentPeriodEnd)));
    },
    onError: (error) =>
      notify({ title: CANCEL_NOTICES.cancelFailed.title, description: errorMessage(error, CANCEL_NOTICES.cancelFailed.fallback), variant: 'destructive' }),
  });
  const keep = trpc.billing.resumeSubscription.useMutation({
    onSuccess: (next) => {
      settle(next);
      notify(CANCEL_NOTICES.kept);
    },
    onError: (error) =>
      notify({ title: CANCEL_NOTICES.keepFailed.title, description: errorMessage(error, CANCEL_NOTICES.keepFailed.fallback), variant: 'destructive' }),
  });

  const data = status.data;
  if (!data?.plan || data.status !== 'active') return null;
  const periodEnd = formatPeriodEnd(data.currentPeriodEnd);
  const cancelling = data.cancelAtPeriodEnd;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="current-plan-title" data-testid="current-plan">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} fz="lg" id="current-plan-title">
              Your plan: {data.plan.name}
            </Title>
            {cancelling ? (
              <Badge color="orange.9" variant="filled" data-testid="plan-cancels-on">
                Cancels on {periodEnd}
              </Badge>
            ) : (
              <Badge color="teal.9" variant="filled">
                Active
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {cancelling
              ? `Your plan stays active until ${periodEnd}; it will not renew. Your sessions and results stay available.`
              : data.currentPeriodEnd
                ? `Renews weekly; the current week ends on ${periodEnd}.`
                : 'Renews weekly until you cancel.'}
          </Text>
        </Stack>
        {cancelling ? (
          <Button onClick={() => keep.mutate({})} loading={keep.isPending}>
            Keep my plan
          </Button>
        ) : (
          <Button variant="outline" color="red.8" onClick={() => setConfirmOpen(true)} loading={cancel.isPending}>
            Cancel plan
          </Button>
        )}
      </Group>
      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title="Cancel your plan?" centered>
        <Stack>
          <Text>
            Your {data.plan.name} plan stays active until the end of the current week, then ends and is not charged
            again. Until then you can still choose Keep my plan.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOpen(false)} data-autofocus>
              Keep my plan
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                setConfirmOpen(false);
                cancel.mutate({});
              }}
            >
              Cancel at period end
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
