export { ScannerPanel, type ScannerPanelProps } from './ScannerPanel';
export { type NearestTarget, type ScannerDinosaur, useDetectedCreatures, useNearestTarget } from './useNearestTarget';
export { type HuntTarget, useHuntTarget } from './useHuntTarget';
export { HuntTargetBar } from './HuntTargetBar';
