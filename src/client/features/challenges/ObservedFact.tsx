// After a successful observation (issue #44): a fact about the species just observed and, when the session
// has an open quiz about it, that quiz, so the lesson comes while the dinosaur is in front of the hunter.
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { SpeciesLite } from '../species/types';
import { trpc } from '../../trpc';
import { QuizCard } from './QuizCard';

type Props = {
  sessionId: number;
  species: SpeciesLite;
  onShowSpecies: (speciesId: number) => void;
};

/** One fact to show: when it lived, else where its fossils were found, else its diet and length. */
export function factOf(species: Pick<SpeciesLite, 'name' | 'period' | 'fossilSites' | 'dietType' | 'length'>): string | null {
  if (species.period) return `${species.name} lived in the ${species.period.charAt(0).toLowerCase()}${species.period.slice(1)}.`;
  if (species.fossilSites) return `${species.name} fossils were found in: ${species.fossilSites}`;
  if (species.dietType && species.length) return `${species.name} was a ${species.dietType} about ${species.length} long.`;
  return null;
}

export function ObservedFact({ sessionId, species, onShowSpecies }: Props) {
  const { data } = trpc.challenges.mine.useQuery({ sessionId });
  const fact = factOf(species);
  const quiz = data?.challenges.find(
    (c) => c.challenge.kind === 'quiz' && c.challenge.speciesId === species.id && c.progress.status === 'open' && c.question,
  );
  if (!fact && !quiz) return null;
  return (
    <Paper withBorder p="sm" radius="md" bg="jungle.0" data-testid="observed-fact">
      <Stack gap="xs">
        <Text fw={800}>Did you know?</Text>
        {fact && <Text size="sm">{fact}</Text>}
        {quiz && data && <QuizCard sessionId={sessionId} item={quiz} hintCost={data.hintCost} hintsLeft={data.hintsLeft} />}
        <Button variant="subtle" size="xs" leftSection={<IconInfoCircle size={14} />} onClick={() => onShowSpecies(species.id)}>
          {species.name}: species card
        </Button>
      </Stack>
    </Paper>
  );
}
