import { FieldOperationsScreen } from '../features/field-ops/FieldOperationsScreen';

/** /hunter: a hunter account's Field Operations screen. */
export function FieldOperationsPage() {
  return <FieldOperationsScreen />;
}
