// Billing calls. Plans, subscribing and credits go through the REST paths of the
// spec (the error body carries contactRequired); the status uses tRPC.
import { useQuery } from '@tanstack/react-query';
import { FALLBACK_PLANS, type PaymentStartOutput, type PaymentsConfig, type Plan } from '../../../domain/billing-schemas';
import { apiRequest } from '../../lib/api';

/** The server's plans; the built-in list only when the answer is not an array. */
export function usePlans() {
  const query = useQuery({
    queryKey: ['/api/subscription-plans'],
    queryFn: () => apiRequest<unknown>('GET', '/api/subscription-plans'),
  });
  const plans: Plan[] = Array.isArray(query.data) ? (query.data as Plan[]) : FALLBACK_PLANS;
  return { plans, isLoading: query.isLoading };
}

export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => apiRequest<PaymentsConfig>('GET', '/api/payments/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const createSubscription = (planId: number) =>
  apiRequest<PaymentStartOutput>('POST', '/api/create-subscription', { planId });

export const createCreditPurchase = () => apiRequest<PaymentStartOutput>('POST', '/api/create-credit-purchase', {});

export function formatPrice(price: string, currency = 'usd'): string {
  const value = Number(price);
  if (!Number.isFinite(value)) return price;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(value);
}
