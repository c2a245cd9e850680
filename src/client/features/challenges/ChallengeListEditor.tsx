// Typed objectives as a list to edit (issue #44): the admin's mission objectives and the game master's
// session objectives use this one editor. Each kind shows only the fields its check needs.
import { ActionIcon, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHALLENGE_KIND_LABELS, CHALLENGE_KINDS, MAX_CHALLENGES } from '../../../domain/challenges';
import type { SpeciesLite } from '../species/types';
import { trpc } from '../../trpc';
import type { ChallengeKind } from './types';

export type ChallengeDraft = {
  kind: ChallengeKind;
  title: string;
  target: number | null;
  speciesId: number | null;
  questionId: number | null;
  latitude: number | null;
  longitude: number | null;
  radiusM: number | null;
  points: number;
  timeLimitMin: number | null;
};

export const newDraft = (kind: ChallengeKind = 'observe_count'): ChallengeDraft => ({
  kind,
  title: '',
  target: kind === 'observe_count' || kind === 'observe_species' ? 1 : null,
  speciesId: null,
  questionId: null,
  latitude: null,
  longitude: null,
  radiusM: kind === 'reach_point' || kind === 'photo_at_place' ? 25 : null,
  points: 10,
  timeLimitMin: null,
});

/** A stored objective (mission or session) as a draft. */
export const draftFrom = (c: ChallengeDraft & Record<string, unknown>): ChallengeDraft => ({
  kind: c.kind,
  title: c.title,
  target: c.target,
  speciesId: c.kind === 'observe_species' || c.kind === 'quiz' ? c.speciesId : null,
  questionId: c.questionId,
  latitude: c.latitude,
  longitude: c.longitude,
  radiusM: c.radiusM,
  points: c.points,
  timeLimitMin: c.timeLimitMin,
});

const num = (v: number | string): number | null => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));

function QuestionSelect({ draft, onChange, species }: { draft: ChallengeDraft; onChange: (p: Partial<ChallengeDraft>) => void; species: SpeciesLite[] }) {
  // The species of the chosen question is kept in speciesId while editing (the server drops it for a quiz).
  const speciesId = draft.speciesId;
  const questions = trpc.challenges.speciesQuestions.useQuery({ speciesId: speciesId ?? 0 }, { enabled: speciesId !== null });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <Select
        label="Species"
        searchable
        data={species.map((s) => ({ value: String(s.id), label: s.name }))}
        value={speciesId === null ? null : String(speciesId)}
        onChange={(v) => onChange({ speciesId: v === null ? null : Number(v), questionId: null })}
      />
      <Select
        label="Question"
        required
        data={(questions.data ?? []).map((q) => ({ value: String(q.id), label: q.prompt }))}
        value={draft.questionId === null ? null : String(draft.questionId)}
        onChange={(v) => onChange({ questionId: v === null ? null : Number(v) })}
        placeholder={speciesId === null ? 'Choose a species first' : questions.data?.length === 0 ? 'This species has no questions' : 'Choose a question'}
        disabled={speciesId === null}
      />
    </SimpleGrid>
  );
}

function DraftFields({ draft, onChange, species }: { draft: ChallengeDraft; onChange: (p: Partial<ChallengeDraft>) => void; species: SpeciesLite[] }) {
  switch (draft.kind) {
    case 'observe_count':
      return <NumberInput label="How many dinosaurs" min={1} max={50} value={draft.target ?? ''} onChange={(v) => onChange({ target: num(v) })} />;
    case 'observe_species':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Select
            label="Species"
            required
            searchable
            data={species.map((s) => ({ value: String(s.id), label: s.name }))}
            value={draft.speciesId === null ? null : String(draft.speciesId)}
            onChange={(v) => onChange({ speciesId: v === null ? null : Number(v) })}
          />
          <NumberInput label="How many" min={1} max={50} value={draft.target ?? ''} onChange={(v) => onChange({ target: num(v) })} />
        </SimpleGrid>
      );
    case 'observe_rare':
      return (
        <Text size="xs" c="dimmed">
          Any rare, epic or legendary species counts.
        </Text>
      );
    case 'quiz':
      return <QuestionSelect draft={draft} onChange={onChange} species={species} />;
    case 'reach_point':
    case 'photo_at_place':
      return (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <NumberInput label="Latitude" required decimalScale={6} value={draft.latitude ?? ''} onChange={(v) => onChange({ latitude: num(v) })} />
          <NumberInput label="Longitude" required decimalScale={6} value={draft.longitude ?? ''} onChange={(v) => onChange({ longitude: num(v) })} />
          <NumberInput label="Radius (m)" min={5} max={5000} value={draft.radiusM ?? ''} onChange={(v) => onChange({ radiusM: num(v) })} />
        </SimpleGrid>
      );
  }
}

type Props = {
  drafts: ChallengeDraft[];
  onChange: (drafts: ChallengeDraft[]) => void;
  species: SpeciesLite[];
  /** The server's message for a refused list, shown above it. */
  error?: string | null;
};

export function ChallengeListEditor({ drafts, onChange, species, error }: Props) {
  const patch = (i: number, p: Partial<ChallengeDraft>) => onChange(drafts.map((d, j) => (j === i ? { ...d, ...p } : d)));
  return (
    <Stack gap="xs" data-testid="challenge-editor">
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {drafts.length === 0 && (
        <Text size="sm" c="dimmed">
          No checkable objectives yet.
        </Text>
      )}
      {drafts.map((d, i) => (
        <Card key={i} withBorder padding="xs" data-testid="challenge-draft">
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <Select
                label="Kind"
                style={{ flex: 1 }}
                data={CHALLENGE_KINDS.map((k) => ({ value: k, label: CHALLENGE_KIND_LABELS[k] }))}
                value={d.kind}
                allowDeselect={false}
                onChange={(v) => v && patch(i, { ...newDraft(v as ChallengeKind), title: d.title, points: d.points, timeLimitMin: d.timeLimitMin })}
              />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove objective ${i + 1}`} onClick={() => onChange(drafts.filter((_, j) => j !== i))}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <TextInput label="Title" required value={d.title} onChange={(e) => patch(i, { title: e.currentTarget.value })} />
            <DraftFields draft={d} onChange={(p) => patch(i, p)} species={species} />
            <SimpleGrid cols={2} spacing="xs">
              <NumberInput label="Points" min={0} max={1000} value={d.points} onChange={(v) => patch(i, { points: num(v) ?? 0 })} />
              <NumberInput
                label="Time limit (min)"
                placeholder="None"
                min={1}
                value={d.timeLimitMin ?? ''}
                onChange={(v) => patch(i, { timeLimitMin: num(v) })}
              />
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
      {drafts.length < MAX_CHALLENGES && (
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...drafts, newDraft()])}>
          Add objective
        </Button>
      )}
    </Stack>
  );
}
