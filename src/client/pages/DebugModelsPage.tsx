import { DebugModelsScreen } from '../features/models/DebugModelsScreen';

/** /debug-models: species models in live 3D viewers. */
export function DebugModelsPage() {
  return <DebugModelsScreen />;
}
