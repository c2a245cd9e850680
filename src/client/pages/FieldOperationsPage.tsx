import { FieldOperationsScreen } from '../features/field-ops/FieldOperationsScreen';
import { preloadJoinView } from '../features/field-ops/lazyViews';

/**
 * What /hunter draws first, a hunter not in a session, is the join view: its code (already fetched by the
 * route shell's preload, decision 910) is loaded before the page renders, so it is in the first paint.
 */
export const ready = preloadJoinView();

/** /hunter: a hunter account's Field Operations screen. */
export function FieldOperationsPage() {
  return <FieldOperationsScreen />;
}
