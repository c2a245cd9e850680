// The spec's notices for subscriptions and payment (accounts spec, section 8).
export const BILLING_NOTICES = {
  authRequired: { title: 'Authentication Required', description: 'Please log in to purchase a subscription plan.' },
  activated: { title: 'Subscription Activated' },
  paymentRequired: {
    title: 'Payment Required',
    description: 'Subscription requires payment processing. Please contact support.',
  },
  contactRequired: { title: 'Contact Required' },
  failed: { title: 'Subscription Failed', fallback: 'An error occurred' },
  paymentFailed: { title: 'Payment Failed' },
  paymentSucceeded: {
    title: 'Payment Successful',
    description: 'Welcome to Dinohunt GameMaster! Your subscription is now active.',
  },
  creditsPaid: { title: 'Payment Successful', description: 'Your session credits will be added to your account.' },
  invalidSession: { title: 'Invalid Payment Session', description: 'Please start from the subscription page.' },
  guardAuth: { title: 'Authentication Required', description: 'Please log in to access the GameMaster dashboard.' },
  guardRole: {
    title: 'GameMaster Only',
    description: 'The GameMaster dashboard is for GameMaster accounts. Taking you to the hunter dashboard.',
  },
  guardSubscription: {
    title: 'Subscription Required',
    description: 'An active subscription is required to access GameMaster features.',
  },
} as const;

/** Cancelling and keeping a plan (issue 23, decision 750). */
export const CANCEL_NOTICES = {
  cancelled: (date: string) => ({ title: 'Plan Cancelled', description: `Your plan stays active until ${date}, then ends.` }),
  kept: { title: 'Plan Kept', description: 'Your plan renews each week again.' },
  cancelFailed: { title: 'Cancellation Failed', fallback: 'Could not cancel the plan. Please try again.' },
  keepFailed: { title: 'Could Not Keep the Plan', fallback: 'Please try again.' },
} as const;

/** A period end as the subscription page shows it, e.g. 'Tue, Dec 1, 2026'. */
export function formatPeriodEnd(iso: string | null): string {
  if (!iso) return 'the end of the week';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 'the end of the week';
  return new Date(ms).toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
}
