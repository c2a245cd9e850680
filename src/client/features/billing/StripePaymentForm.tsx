// Stripe's Payment Element for one client secret (React Stripe.js), with Back and
// the submit button. Confirmation returns to /gamemaster (the spec's return address).
import { Alert, Box, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { BILLING_NOTICES as N } from './messages';

export type CheckoutMode = 'subscription' | 'credits';

type Props = { stripe: Stripe; clientSecret: string; mode: CheckoutMode };

export function StripePaymentForm({ stripe, clientSecret, mode }: Props) {
  // The client secret is fixed for an Elements group: a new one needs a new group.
  return (
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PaymentForm mode={mode} />
    </Elements>
  );
}

function PaymentForm({ mode }: { mode: CheckoutMode }) {
  const navigate = useNavigate();
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    if (!stripe || !elements) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const returnUrl = `${window.location.origin}/gamemaster${mode === 'credits' ? '?purchase=credits' : ''}`;
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      if (result.error) {
        const message = result.error.message ?? 'Your payment could not be completed.';
        setFailure(message);
        notify({ title: N.paymentFailed.title, description: message, variant: 'destructive' });
        return;
      }
      notify(mode === 'credits' ? N.creditsPaid : N.paymentSucceeded);
      navigate('/gamemaster', { state: { paymentSucceeded: mode } });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Your payment could not be completed.';
      setFailure(message);
      notify({ title: N.paymentFailed.title, description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Stack>
      <Box mih={120} data-testid="payment-element">
        <PaymentElement />
      </Box>
      {failure && (
        <Alert color="red" title="Payment Failed">
          {failure}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button component={Link} to={mode === 'credits' ? '/gamemaster' : '/subscription'} variant="default">
          Back
        </Button>
        <Button onClick={() => void submit()} loading={submitting} disabled={!stripe || !elements}>
          {mode === 'credits' ? 'Pay Now' : 'Subscribe Now'}
        </Button>
      </SimpleGrid>
      <Text size="xs" c="dimmed" ta="center">
        Your payment is secured with 256-bit SSL encryption. Cancel anytime.
      </Text>
    </Stack>
  );
}
