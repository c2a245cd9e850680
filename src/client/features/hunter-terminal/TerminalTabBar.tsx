// The bottom tab bar (thumb reach): five 64 px tabs with icon and label, the
// chosen one in solid green; Comms shows how many messages arrived unread.
// The Map, AR Hunt and Comms tabs load their code on first use (decision 850): a finger
// on the tab starts the download, before its click selects it.
import { Indicator, Tabs, Text } from '@mantine/core';
import { memo, useRef } from 'react';
import { useToastFloor } from '../../lib/toastFloor';
import { preloadTacticalMap } from '../map/LazyTacticalMap';
import { preloadTerminalTab } from './lazyTabs';
import { TAB_ICONS, TAB_LABELS, TERMINAL_TABS, type TerminalTab } from './terminalTabs';
import classes from './terminal.module.css';

function preloadTab(tab: TerminalTab) {
  if (tab === 'map') preloadTacticalMap();
  else preloadTerminalTab(tab);
}

/** Memoised: it changes only with the unread count, not with each render of the terminal (decision 911). */
export const TerminalTabBar = memo(function TerminalTabBar({ unread }: { unread: number }) {
  // Notices appear above the tab bar, not over it (lib/toastFloor.ts).
  const ref = useRef<HTMLDivElement>(null);
  useToastFloor(ref);
  return (
    <Tabs.List ref={ref} grow className={classes.tabBar} aria-label="Hunter Terminal sections">
      {TERMINAL_TABS.map((tab) => {
        const Icon = TAB_ICONS[tab];
        const icon = <Icon size={26} aria-hidden stroke={1.8} />;
        return (
          <Tabs.Tab
            key={tab}
            value={tab}
            className={classes.tab}
            data-testid={`tab-${tab}`}
            onPointerDown={() => preloadTab(tab)}
            onFocus={() => preloadTab(tab)}
          >
            <span className={classes.tabInner}>
              {tab === 'comms' && unread > 0 ? (
                <Indicator label={unread > 9 ? '9+' : unread} size={18} color="red.8" offset={2}>
                  {icon}
                </Indicator>
              ) : (
                icon
              )}
              <Text component="span" size="xs" fw={700} lh={1}>
                {TAB_LABELS[tab]}
              </Text>
            </span>
            {tab === 'comms' && unread > 0 && <span className={classes.srOnly}>, {unread} unread</span>}
          </Tabs.Tab>
        );
      })}
    </Tabs.List>
  );
});
