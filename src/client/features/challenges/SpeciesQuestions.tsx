// The admin's questions about one species (issue #44), in the species form: each with its correct
// answer (admins only), added, edited and deleted here. The server checks every rule again.
import { ActionIcon, Badge, Button, Card, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { MAX_CHOICES } from '../../../domain/challenges';
import type { AppRouter } from '../../../server/routers';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

type Question = inferRouterOutputs<AppRouter>['challenges']['questions'][number];

type Draft = {
  prompt: string;
  kind: 'choice' | 'number';
  choices: string[];
  correctChoice: string | null;
  correctNumber: number | string;
  tolerance: number | string;
  clue: string;
};

const EMPTY: Draft = { prompt: '', kind: 'choice', choices: ['', '', '', ''], correctChoice: null, correctNumber: '', tolerance: 0, clue: '' };

function draftOf(q: Question): Draft {
  const choices = [...q.choices];
  while (choices.length < 4) choices.push('');
  return {
    prompt: q.prompt,
    kind: q.kind,
    choices,
    correctChoice: q.correctChoice === null ? null : String(q.correctChoice),
    correctNumber: q.correctNumber ?? '',
    tolerance: q.tolerance,
    clue: q.clue ?? '',
  };
}

/** The draft as the procedure takes it: blank choices dropped, the correct one re-indexed. */
function payloadOf(d: Draft) {
  const filled = d.choices.map((text, i) => ({ text: text.trim(), i })).filter((c) => c.text !== '');
  const correctChoice = d.correctChoice === null ? null : filled.findIndex((c) => c.i === Number(d.correctChoice));
  return {
    prompt: d.prompt,
    kind: d.kind,
    choices: d.kind === 'choice' ? filled.map((c) => c.text) : [],
    correctChoice: d.kind === 'choice' ? (correctChoice === -1 ? null : correctChoice) : null,
    correctNumber: d.kind === 'number' && d.correctNumber !== '' ? Number(d.correctNumber) : null,
    tolerance: d.kind === 'number' && d.tolerance !== '' ? Number(d.tolerance) : 0,
    clue: d.clue,
  };
}

const answerOf = (q: Question) =>
  q.kind === 'choice' ? (q.choices[q.correctChoice ?? -1] ?? '?') : `${q.correctNumber}${q.tolerance > 0 ? ` (± ${q.tolerance})` : ''}`;

export function SpeciesQuestions({ speciesId }: { speciesId: number }) {
  const utils = trpc.useUtils();
  const { data: questions } = trpc.challenges.questions.useQuery({ id: speciesId });
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = async () => {
    setEditing(null);
    setErrors({});
    await utils.challenges.questions.invalidate({ id: speciesId });
  };
  const onError = (error: unknown) => {
    setErrors(fieldErrors(error));
    notify({ title: 'Question not saved', description: errorMessage(error), variant: 'destructive' });
  };
  const create = trpc.challenges.questionCreate.useMutation({ onSuccess: done, onError });
  const update = trpc.challenges.questionUpdate.useMutation({ onSuccess: done, onError });
  const remove = trpc.challenges.questionDelete.useMutation({ onSuccess: done, onError });

  const save = () => {
    if (!editing) return;
    const body = payloadOf(editing.draft);
    if (editing.id === null) create.mutate({ id: speciesId, ...body });
    else update.mutate({ id: editing.id, ...body });
  };
  const set = (patch: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  return (
    <Stack gap="xs" data-testid="species-questions">
      <Group justify="space-between">
        <Text fw={700}>Questions for hunters</Text>
        {!editing && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ id: null, draft: EMPTY })}>
            Add question
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Asked in quiz objectives. The correct answer stays on the server until a hunter has answered.
      </Text>
      {questions?.length === 0 && !editing && (
        <Text size="sm" c="dimmed">
          No questions yet.
        </Text>
      )}
      {questions?.map((q) => (
        <Card key={q.id} withBorder padding="xs" data-testid="species-question">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {q.prompt}
              </Text>
              <Group gap={4}>
                <Badge size="xs" variant="light">
                  {q.kind === 'choice' ? `${q.choices.length} choices` : 'number'}
                </Badge>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Answer: {answerOf(q)}
                </Text>
              </Group>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Edit question ${q.prompt}`} onClick={() => setEditing({ id: q.id, draft: draftOf(q) })}>
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Delete question ${q.prompt}`} onClick={() => remove.mutate({ id: q.id })}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Card>
      ))}
      {editing && (
        <Card withBorder padding="sm" bg="gray.0">
          <Stack gap="xs">
            <TextInput
              label="Question"
              required
              value={editing.draft.prompt}
              error={errors.prompt}
              onChange={(e) => set({ prompt: e.currentTarget.value })}
            />
            <SegmentedControl
              value={editing.draft.kind}
              onChange={(v) => set({ kind: v as Draft['kind'] })}
              data={[
                { value: 'choice', label: 'Multiple choice' },
                { value: 'number', label: 'A number' },
              ]}
            />
            {editing.draft.kind === 'choice' ? (
              <>
                {editing.draft.choices.map((c, i) => (
                  <TextInput
                    key={i}
                    label={`Choice ${i + 1}`}
                    value={c}
                    error={i === 0 ? errors.choices : undefined}
                    onChange={(e) => {
                      const choices = [...editing.draft.choices];
                      choices[i] = e.currentTarget.value;
                      set({ choices });
                    }}
                  />
                ))}
                {editing.draft.choices.length < MAX_CHOICES && (
                  <Button size="compact-xs" variant="subtle" onClick={() => set({ choices: [...editing.draft.choices, ''] })}>
                    Add a choice
                  </Button>
                )}
                <Select
                  label="Correct choice"
                  required
                  error={errors.correctChoice}
                  value={editing.draft.correctChoice}
                  onChange={(v) => set({ correctChoice: v })}
                  data={editing.draft.choices.flatMap((c, i) => (c.trim() ? [{ value: String(i), label: c.trim() }] : []))}
                />
              </>
            ) : (
              <Group grow>
                <NumberInput
                  label="Correct number"
                  required
                  error={errors.correctNumber}
                  value={editing.draft.correctNumber}
                  onChange={(v) => set({ correctNumber: v })}
                />
                <NumberInput label="Tolerance (±)" min={0} error={errors.tolerance} value={editing.draft.tolerance} onChange={(v) => set({ tolerance: v })} />
              </Group>
            )}
            <TextInput
              label="Clue (a hint hunters may buy)"
              value={editing.draft.clue}
              error={errors.clue}
              onChange={(e) => set({ clue: e.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button size="xs" onClick={save} loading={create.isPending || update.isPending}>
                Save question
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
