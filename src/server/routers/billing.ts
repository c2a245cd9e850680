import { z } from 'zod';
import { CONFIRM_TO_PAY, requireConfirmedEmail } from '../services/email-verification';
import * as billing from '../services/billing';
import { accountProcedure, publicProcedure, router, gameMasterProcedure } from '../trpc';
import {
  billingErrors,
  CreateSubscriptionInput,
  EmptyInput,
  PaymentStartOutput,
  PaymentsConfigOutput,
  PlansOutput,
  tags,
  UserSubscriptionOutput,
} from './billing.types';

export const billingRouter = router({
  plans: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/subscription-plans',
        protect: false, // open to everyone: no cookie needed
        tags,
        summary: 'The weekly GameMaster plans (maxSessions null = unlimited; price as a decimal string)',
        description:
          'Lists the weekly game master plans with their price (a decimal string), session and player limits (null for unlimited) and features. Public: no cookie needed; no failure answer of its own.',
      },
    })
    .input(z.void())
    .output(PlansOutput)
    .query(({ ctx }) => billing.listPlans(ctx.db)),

  createSubscription: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/create-subscription',
        tags,
        summary: 'Subscribe to a plan',
        description: [
          'Without a payment provider the plan activates at once: `{ success: true }`.',
          'With Stripe, the server creates (or reuses) the customer and a weekly subscription waiting for payment and answers',
          '`{ requiresPayment: true, checkoutUrl: "/checkout?client_secret=..." }`; the subscription becomes active only when',
          "Stripe's webhook (or a server-side check with Stripe) says the first invoice is paid. `{ requiresPayment: true }`",
          'without checkoutUrl means Stripe returned no client secret. A plan already active answers 409; an unlimited plan',
          'without a Stripe price answers 409 with `contactRequired: true` and `message`. Changing plan while active answers',
          '`{ success: true }` (Stripe prorates).',
          'Game master accounts only: 401 without a sign-in, 403 for other roles, 400 for an invalid field, 404 for an unknown plan, 503 when the payment provider is unreachable.',
        ].join(' '),
        errorResponses: billingErrors.createSubscription,
      },
    })
    .input(CreateSubscriptionInput)
    .output(PaymentStartOutput)
    .mutation(({ ctx, input }) => {
      // A card payment needs a confirmed address (issue #45, decision 993); a plan without charge does not.
      if (ctx.payments.name === 'stripe') requireConfirmedEmail(ctx, ctx.user, CONFIRM_TO_PAY);
      return billing.createSubscription(ctx, ctx.user, input.planId);
    }),

  userSubscription: accountProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/subscription',
        tags,
        summary: "The caller's subscription: status, plan, period end, sessions used this week and allowed, session credits",
        description: 'status is one of active, incomplete, past_due, canceled, none. sessionsAllowed null = unlimited or no plan. Accounts only: 401 without a sign-in, 403 for a guest hunter.',
        errorResponses: { 401: 'Not signed in', 403: 'Guest hunters have no subscription' },
      },
    })
    .input(z.void())
    .output(UserSubscriptionOutput)
    .query(({ ctx }) => billing.getUserSubscription(ctx, ctx.user)),

  cancelSubscription: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscription/cancel',
        tags,
        summary: "Cancel the caller's plan at the end of the current weekly period",
        description: [
          'The plan stays active, with its sessions and credits, until `currentPeriodEnd`; then it ends instead of renewing',
          '(no refund of the week under way). With Stripe the subscription is set to `cancel_at_period_end` and Stripe ends it;',
          'without a payment provider the period is the week of the plan that is under way (weeks counted from when it',
          'started). Answers the subscription as GET /user/subscription does, with `cancelAtPeriodEnd: true`. Cancelling',
          'again changes nothing; POST /user/subscription/resume undoes it before the period ends.',
          'Game master accounts only: 401 without a sign-in, 403 for other roles, 409 without an active plan, 503 when the payment provider is unreachable.',
        ].join(' '),
        errorResponses: billingErrors.cancelSubscription,
      },
    })
    .input(EmptyInput)
    .output(UserSubscriptionOutput)
    .mutation(({ ctx }) => billing.cancelSubscription(ctx, ctx.user)),

  resumeSubscription: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscription/resume',
        tags,
        summary: "Keep the caller's plan: undo a cancellation before the period ends",
        description:
          'The plan renews each week again (with Stripe, `cancel_at_period_end` is cleared). Only while the plan is still active and set to cancel; afterwards choose a plan again. Answers the subscription as GET /user/subscription does. Game master accounts only: 401 without a sign-in, 403 for other roles, 409 when the plan is not set to cancel, 503 when the payment provider is unreachable.',
        errorResponses: billingErrors.resumeSubscription,
      },
    })
    .input(EmptyInput)
    .output(UserSubscriptionOutput)
    .mutation(({ ctx }) => billing.resumeSubscription(ctx, ctx.user)),

  createCreditPurchase: gameMasterProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/create-credit-purchase',
        tags,
        summary: 'Buy one bundle of session credits (one session beyond the weekly plan allowance each)',
        description:
          'Without a payment provider the credits are granted at once (`{ success: true }`); with Stripe the answer is `{ requiresPayment: true, checkoutUrl: "/checkout?mode=credits&client_secret=..." }` and the credits are added by the `payment_intent.succeeded` webhook (or a server-side check). Game masters with an active plan only: 401 without a sign-in, 403 for anyone else, 503 when the payment provider is unreachable.',
        errorResponses: billingErrors.createCreditPurchase,
      },
    })
    .input(EmptyInput)
    .output(PaymentStartOutput)
    .mutation(({ ctx }) => {
      if (ctx.payments.name === 'stripe') requireConfirmedEmail(ctx, ctx.user, CONFIRM_TO_PAY);
      return billing.createCreditPurchase(ctx, ctx.user);
    }),

  paymentsConfig: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/config',
        protect: false, // open to everyone: no cookie needed
        tags,
        summary: "Which payment provider is configured, Stripe's publishable key, and the session-credit bundle",
        description:
          'Says whether Stripe is configured, gives its publishable key and the session-credit bundle on sale. Public: no cookie needed; no failure answer of its own.',
      },
    })
    .input(z.void())
    .output(PaymentsConfigOutput)
    .query(({ ctx }) => billing.paymentsConfig(ctx)),
});
