import { ModelTestScreen } from '../features/models/ModelTestScreen';

/** /model-test: two fixed uploaded models. */
export function ModelTestPage() {
  return <ModelTestScreen />;
}
