// Contracts of the billing procedures (REST paths of the accounts spec, section 7).
import { z } from 'zod';
import { PlanSchema } from '../../domain/billing-schemas';

export {
  CreateSubscriptionInput,
  PaymentStartOutput,
  PaymentsConfigOutput,
  UserSubscriptionOutput,
} from '../../domain/billing-schemas';

export const PlansOutput = z.array(PlanSchema);
export const EmptyInput = z.object({}).optional();

export const tags = ['billing'];

export const billingErrors = {
  createSubscription: {
    400: 'Validation failed',
    401: 'Not signed in',
    403: 'Only game masters can buy a plan, or (emailUnverified) confirm the address before a card payment',
    404: 'Plan not found',
    409: 'Already subscribed to this plan, or contactRequired: the plan is sold by our team',
    503: 'The payment provider is unreachable or refused the request',
  },
  cancelSubscription: {
    401: 'Not signed in',
    403: 'Only GameMaster accounts have a plan',
    409: 'No active plan to cancel',
    503: 'The payment provider is unreachable or refused the request',
  },
  resumeSubscription: {
    401: 'Not signed in',
    403: 'Only GameMaster accounts have a plan',
    409: 'The plan is not set to cancel (or has already ended)',
    503: 'The payment provider is unreachable or refused the request',
  },
  createCreditPurchase: {
    401: 'Not signed in',
    403: 'Only game masters with an active subscription (Subscription Required), or (emailUnverified) confirm the address before a card payment',
    503: 'The payment provider is unreachable or refused the request',
  },
} as const;
