// /checkout?mode=credits: one bundle of session credits. Without a payment
// provider they are granted at once; with Stripe the card form follows.
import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CREDIT_BUNDLE_CREDITS, CREDIT_BUNDLE_PRICE } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../auth/useCurrentUser';
import { trpc } from '../../trpc';
import { createCreditPurchase, formatPrice } from './api';
import { BILLING_NOTICES as N } from './messages';

export function BuyCreditsCard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  // Admins pass the game master guard but run sessions without credits or plans.
  const isAdmin = user?.role === 'admin';
  const status = trpc.billing.userSubscription.useQuery(undefined, { retry: false, enabled: !isAdmin });
  const [busy, setBusy] = useState(false);

  async function buy() {
    setBusy(true);
    try {
      const answer = await createCreditPurchase();
      if (answer.requiresPayment && answer.checkoutUrl) navigate(answer.checkoutUrl);
      else if (answer.success) {
        await queryClient.invalidateQueries();
        notify({ title: 'Credits Added', description: answer.message ?? `${CREDIT_BUNDLE_CREDITS} session credits added.` });
        navigate('/gamemaster');
      } else notify({ ...N.paymentRequired, variant: 'destructive' });
    } catch (error) {
      notify({ title: 'Purchase Failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size={520} py="xl">
      <Card withBorder shadow="sm" padding="lg" radius="md">
        <Stack>
          <div>
            <Title order={1} fz={26} mb={4}>
              Buy Session Credits
            </Title>
            <Text c="dimmed" size="sm">
              Each credit lets you run one session beyond your plan's weekly allowance.
            </Text>
          </div>
          <Group justify="space-between" align="baseline">
            <Text fw={700} fz="lg">
              {CREDIT_BUNDLE_CREDITS} session credits
            </Text>
            <Text fw={800} fz={28}>
              {formatPrice(CREDIT_BUNDLE_PRICE)}
            </Text>
          </Group>
          {status.data && (
            <Text size="sm" c="dimmed" data-testid="credits-balance">
              You have {status.data.sessionCredits} credit{status.data.sessionCredits === 1 ? '' : 's'}.
              {status.data.paymentProvider === 'none' && ' No payment provider is configured: credits are granted without charge.'}
            </Text>
          )}
          {isAdmin && (
            <Alert color="blue" title="Credits are for GameMaster accounts." data-testid="credits-not-for-role">
              Admin accounts run sessions without a plan or credits.
            </Alert>
          )}
          <Group grow>
            <Button component={Link} to="/gamemaster" variant="default">
              Back
            </Button>
            <Button onClick={() => void buy()} loading={busy} disabled={isAdmin}>
              Buy Credits
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
