// The /checkout card: which provider is configured, loading Stripe.js (or saying
// it is unreachable), then the payment form.
import { Alert, Box, Button, Card, Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Stripe } from '@stripe/stripe-js';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePaymentsConfig } from './api';
import { loadStripeJs } from './loadStripeJs';
import { type CheckoutMode, StripePaymentForm } from './StripePaymentForm';

type Load = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'unreachable' };

export function CheckoutPanel({ clientSecret, mode }: { clientSecret: string; mode: CheckoutMode }) {
  const config = usePaymentsConfig();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // 0 for the first load; each 'Try again' bumps it and loads Stripe.js afresh.
  const [attempt, setAttempt] = useState(0);
  const key = config.data?.provider === 'stripe' ? config.data.publishableKey : null;

  useEffect(() => {
    if (!key) return;
    let alive = true;
    setLoad({ state: 'loading' });
    loadStripeJs(key, { fresh: attempt > 0 }).then(
      (stripe) => alive && setLoad({ state: 'ready', stripe }),
      () => alive && setLoad({ state: 'unreachable' }),
    );
    return () => {
      alive = false;
    };
  }, [key, attempt]);

  const back = mode === 'credits' ? '/gamemaster' : '/subscription';
  const noProvider = !config.isLoading && (Boolean(config.error) || config.data?.provider !== 'stripe' || !key);
  // The card-details line only where a card form is (being) shown; without a
  // provider the alert below says there is nothing to pay.
  let intro: string | null = null;
  if (!config.isLoading && !noProvider && load.state !== 'unreachable') {
    intro =
      mode === 'credits'
        ? 'Enter your card details to pay for your session credits.'
        : 'Enter your card details to start your weekly GameMaster plan.';
  }
  let body: ReactNode;
  if (config.isLoading) {
    body = <Center py="lg"><Loader /></Center>;
  } else if (noProvider) {
    body = (
      <Stack>
        <Alert color="yellow" title="Payments are not configured">
          No payment provider is configured on this server, so there is nothing to pay here: plans and credits are
          granted without charge.
        </Alert>
        <Button component={Link} to={back} variant="default">
          Back
        </Button>
      </Stack>
    );
  } else if (load.state === 'loading') {
    body = (
      <Center py="lg">
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">Loading the secure payment form…</Text>
        </Stack>
      </Center>
    );
  } else if (load.state === 'unreachable') {
    body = (
      <Stack>
        <Alert color="red" title="Payment provider unreachable" role="alert">
          The payment provider could not be reached. Check your connection and try again; you have not been charged.
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component={Link} to={back} variant="default">
            Back
          </Button>
          <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
        </SimpleGrid>
      </Stack>
    );
  } else {
    body = <StripePaymentForm stripe={load.stripe} clientSecret={clientSecret} mode={mode} />;
  }

  return (
    <Container size={520} py="xl">
      <Card withBorder shadow="sm" padding="lg" radius="md">
        <Title order={1} fz={26} mb={4}>
          {mode === 'credits' ? 'Buy Session Credits' : 'Complete Your Subscription'}
        </Title>
        {intro ? (
          <Text c="dimmed" size="sm" mb="lg" data-testid="checkout-intro">
            {intro}
          </Text>
        ) : (
          <Box mb="md" />
        )}
        {body}
      </Card>
    </Container>
  );
}
