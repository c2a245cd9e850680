export { LazyPlayAreaEditor } from './LazyPlayAreaEditor';
export { PlayAreaPanel, ZoneAlert } from './PlayAreaPanel';
export { usePlayArea } from './usePlayArea';
export { type AreaTool, type PlayAreaTools, usePlayAreaTools } from './usePlayAreaTools';
export { isAlarming, ZONE_BADGE, zoneNotice } from './zoneWords';
export { ZoneWarningBanner } from './ZoneWarningBanner';
