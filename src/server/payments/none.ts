// The embedded default when STRIPE_* are not set: plans and credits are granted
// at once, without charge. Said at start-up and on the subscription screens.
import type { PaymentProvider } from './provider';

export function createNoPaymentProvider(): PaymentProvider {
  return {
    name: 'none',
    publishableKey: null,
    async subscribe() {
      return {
        customerId: null,
        priceId: null,
        clientSecret: null,
        subscription: { id: null, status: 'active', currentPeriodEnd: null, planId: null, cancelAtPeriodEnd: false },
      };
    },
    async changePlan() {
      return { priceId: null, subscription: { id: null, status: 'active', currentPeriodEnd: null, planId: null, cancelAtPeriodEnd: false } };
    },
    async setCancelAtPeriodEnd({ cancel }) {
      // Billing keeps the period of a plan without a provider itself (decision 750).
      return { id: null, status: 'active', currentPeriodEnd: null, planId: null, cancelAtPeriodEnd: cancel };
    },
    async charge() {
      return { customerId: null, paymentId: null, status: 'succeeded', clientSecret: null };
    },
    async fetchSubscription() {
      return null;
    },
    async fetchPayment() {
      return null;
    },
    verifyWebhook() {
      throw new Error('No payment provider is configured');
    },
  };
}
