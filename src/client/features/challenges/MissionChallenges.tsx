// The admin's checkable objectives of a saved mission (issue #44), in the mission form: sessions of the
// mission start with them. Saved on their own, beside the mission's plain-text objectives.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useSpeciesCatalogue } from '../species/useSpeciesCatalogue';
import { trpc } from '../../trpc';
import { type ChallengeDraft, ChallengeListEditor, draftFrom } from './ChallengeListEditor';

export function MissionChallenges({ missionId }: { missionId: number }) {
  const utils = trpc.useUtils();
  const catalogue = useSpeciesCatalogue();
  const stored = trpc.challenges.missionChallenges.useQuery({ id: missionId });
  const [drafts, setDrafts] = useState<ChallengeDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data && drafts === null) setDrafts(stored.data.map(draftFrom));
  }, [stored.data, drafts]);
  const save = trpc.challenges.missionChallengesSet.useMutation({
    onSuccess: async (saved) => {
      setDrafts(saved.map(draftFrom));
      setError(null);
      notify({ title: 'Objectives saved' });
      await utils.challenges.missionChallenges.invalidate({ id: missionId });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Stack gap="xs" data-testid="mission-challenges">
      <Text fw={700}>Checkable objectives</Text>
      <Text size="xs" c="dimmed">
        The server checks these as hunters play and scores them; the game master can adjust them per session.
      </Text>
      {drafts && <ChallengeListEditor drafts={drafts} onChange={setDrafts} species={catalogue.species} error={error} />}
      <Group justify="flex-end">
        <Button size="xs" loading={save.isPending} disabled={!drafts} onClick={() => drafts && save.mutate({ id: missionId, challenges: drafts })}>
          Save objectives
        </Button>
      </Group>
    </Stack>
  );
}
