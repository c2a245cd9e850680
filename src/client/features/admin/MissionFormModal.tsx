import { Box, Button, FileInput, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { MissionFormSchema } from '../../../domain/catalogue-schemas';
import { MISSION_DEFAULT_MAX_PLAYERS, MISSION_DIFFICULTIES } from '../../../domain/rules';
import { fieldErrors } from '../../lib/errors';
import { MissionChallenges } from '../challenges/MissionChallenges';
import { trpc } from '../../trpc';
import { describeCurrentFile, useFileSize } from './currentFile';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import type { Mission } from './types';
import { UploadProgressBar } from './UploadProgressBar';
import { type UploadProgress, uploadWithProgress } from './uploadWithProgress';

type Values = {
  name: string;
  description: string;
  difficulty: string | null;
  duration: number | string;
  maxPlayers: number | string;
  /** One objective per line. */
  objectives: string;
  coverPhoto: File | null;
  briefingVideo: File | null;
};

const initialValues = (m: Mission | null): Values => ({
  name: m?.name ?? '',
  description: m?.description ?? '',
  difficulty: m?.difficulty ?? null,
  duration: m?.duration ?? '',
  maxPlayers: m?.maxPlayers ?? MISSION_DEFAULT_MAX_PLAYERS,
  objectives: (m?.objectives ?? []).join('\n'),
  coverPhoto: null,
  briefingVideo: null,
});

/** Create mode when `mission` is null, edit mode otherwise. */
export function MissionFormModal({ opened, mission, onClose }: { opened: boolean; mission: Mission | null; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={mission ? `Edit ${mission.name}` : 'Add Mission'} size="lg" centered>
      <MissionForm key={mission?.id ?? 'new'} mission={mission} onDone={onClose} />
      {/* Typed objectives belong to a saved mission (issue #44): saved on their own, not with the form. */}
      {mission && (
        <Box mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <MissionChallenges missionId={mission.id} />
        </Box>
      )}
    </Modal>
  );
}

function MissionForm({ mission, onDone }: { mission: Mission | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const editing = mission !== null;
  const coverSize = useFileSize(mission?.coverPhotoUrl);
  const videoSize = useFileSize(mission?.briefingVideoUrl);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: initialValues(mission),
    validate: schemaResolver(MissionFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const body = new FormData();
    body.append('name', values.name);
    body.append('description', values.description);
    body.append('difficulty', values.difficulty ?? '');
    body.append('duration', String(values.duration ?? ''));
    body.append('maxPlayers', String(values.maxPlayers ?? ''));
    body.append('objectives', values.objectives);
    if (values.coverPhoto) body.append('coverPhoto', values.coverPhoto);
    if (values.briefingVideo) body.append('briefingVideo', values.briefingVideo);
    const total = (values.coverPhoto?.size ?? 0) + (values.briefingVideo?.size ?? 0);
    setProgress(total > 0 ? { loaded: 0, total, percent: 0 } : null);
    try {
      if (editing) await uploadWithProgress('PUT', `/api/missions/${mission.id}`, body, setProgress);
      else await uploadWithProgress('POST', '/api/missions', body, setProgress);
      notifySuccess(editing ? ADMIN_SUCCESS.missionUpdated : ADMIN_SUCCESS.missionCreated);
      await utils.admin.invalidate();
      onDone();
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notifyFailure(editing ? ADMIN_FAILURE.updateMission : ADMIN_FAILURE.createMission, error);
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Mission Name" required key={form.key('name')} {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} key={form.key('description')} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label="Difficulty"
            data={MISSION_DIFFICULTIES.map((d) => ({ value: d, label: d.charAt(0).toUpperCase() + d.slice(1) }))}
            clearable
            key={form.key('difficulty')}
            {...form.getInputProps('difficulty')}
          />
          {/* Never clamped: an out-of-range value stays as typed and the submit shows the field's message. */}
          <NumberInput
            label="Duration (minutes)"
            min={1}
            clampBehavior="none"
            key={form.key('duration')}
            {...form.getInputProps('duration')}
          />
          <NumberInput
            label="Max Players"
            required
            min={1}
            clampBehavior="none"
            key={form.key('maxPlayers')}
            {...form.getInputProps('maxPlayers')}
          />
        </SimpleGrid>
        <Textarea
          label="Objectives"
          description="One objective per line"
          autosize
          minRows={3}
          maxRows={8}
          key={form.key('objectives')}
          {...form.getInputProps('objectives')}
        />
        <FileInput
          label="Cover Photo"
          description={
            editing && mission.coverPhotoUrl
              ? describeCurrentFile('photo', mission.coverPhotoUrl, mission.coverPhotoFileName, coverSize)
              : '.jpg, .jpeg or .png'
          }
          placeholder="Choose an image"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          leftSection={<IconPhoto size={16} />}
          clearable
          key={form.key('coverPhoto')}
          {...form.getInputProps('coverPhoto')}
        />
        <FileInput
          label="Briefing Video"
          description={
            editing && mission.briefingVideoUrl
              ? describeCurrentFile('video', mission.briefingVideoUrl, mission.briefingVideoFileName, videoSize)
              : '.mp4'
          }
          placeholder="Choose a video"
          accept=".mp4,video/mp4"
          leftSection={<IconMovie size={16} />}
          clearable
          key={form.key('briefingVideo')}
          {...form.getInputProps('briefingVideo')}
        />
        <UploadProgressBar progress={progress} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {editing ? 'Update Mission' : 'Create Mission'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
