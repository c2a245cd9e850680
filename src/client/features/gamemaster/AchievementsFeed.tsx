// HQ's achievements feed: who earned what in this session, newest first, live from the
// achievement_earned events (applyEventToCache refetches it; it polls only while the socket is down).
import { ScrollArea } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { AchievementList } from '../achievements';
import { usePollWhileOffline } from '../live';
import { trpc } from '../../trpc';
import { Panel } from './Panel';

export function AchievementsFeed({ sessionId, maxHeight }: { sessionId: number | null; maxHeight: number }) {
  const query = trpc.achievements.session.useQuery(
    { id: sessionId ?? 0 },
    { enabled: sessionId !== null, refetchInterval: usePollWhileOffline(POLL_GM_HUNTER_STATS_MS) },
  );
  const items = [...(query.data ?? [])].reverse();
  return (
    <Panel title="Achievements" icon={<IconAward size={20} aria-hidden />} testId="hq-achievements">
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        <AchievementList
          items={items}
          who
          empty={sessionId === null ? 'Select a session.' : 'No achievements earned in this session yet.'}
          testId="hq-achievement-list"
        />
      </ScrollArea.Autosize>
    </Panel>
  );
}
