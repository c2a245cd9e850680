// The five tabs of the Hunter Terminal, in the spec's order.
import { IconAugmentedReality, IconClipboardText, IconMap, IconMessages, IconRadar, type Icon } from '@tabler/icons-react';

export const TERMINAL_TABS = ['brief', 'map', 'scan', 'ar', 'comms'] as const;
export type TerminalTab = (typeof TERMINAL_TABS)[number];

export const TAB_LABELS: Record<TerminalTab, string> = {
  brief: 'Brief',
  map: 'Map',
  scan: 'Scan',
  ar: 'AR Hunt',
  comms: 'Comms',
};

export const TAB_ICONS: Record<TerminalTab, Icon> = {
  brief: IconClipboardText,
  map: IconMap,
  scan: IconRadar,
  ar: IconAugmentedReality,
  comms: IconMessages,
};

export function isTerminalTab(value: string | null): value is TerminalTab {
  return (TERMINAL_TABS as readonly string[]).includes(value ?? '');
}
