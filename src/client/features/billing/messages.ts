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
