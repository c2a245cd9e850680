export { ScannerPanel, type ScannerPanelProps } from './ScannerPanel';
export { type NearestTarget, type ScannerDinosaur, useDetectedCreatures, useNearestTarget } from './useNearestTarget';
