import { Box, Button, FileInput, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCube } from '@tabler/icons-react';
import { useState } from 'react';
import { captureRateToPercent, percentToCaptureRate, SpeciesAdminFormSchema } from '../../../domain/catalogue-schemas';
import {
  DIET_TYPES,
  LOCOMOTION_TYPES,
  MAX_SPECIES_HEALTH,
  MODEL_EXTENSIONS,
  RARITIES,
  SPECIES_DEFAULT_CAPTURE_RATE,
  SPECIES_DEFAULT_HEALTH,
} from '../../../domain/rules';
import { fieldErrors } from '../../lib/errors';
import { trpc } from '../../trpc';
import { SpeciesQuestions } from '../challenges/SpeciesQuestions';
import { describeCurrentFile, useFileSize } from './currentFile';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import type { Species } from './types';
import { UploadProgressBar } from './UploadProgressBar';
import { type UploadProgress, uploadWithProgress } from './uploadWithProgress';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalise(v) }));

type Values = {
  name: string;
  scientificName: string;
  description: string;
  rarity: string | null;
  dietType: string | null;
  locomotionType: string | null;
  length: string;
  weight: string;
  period: string;
  fossilSites: string;
  health: number | string;
  /** The species' captureRate as a percentage ('Observation rate', as hunters see it). */
  observationRate: number | string;
  modelFile: File | null;
};

function initialValues(species: Species | null): Values {
  return {
    name: species?.name ?? '',
    scientificName: species?.scientificName ?? '',
    description: species?.description ?? '',
    rarity: species?.rarity ?? null,
    dietType: species?.dietType ?? null,
    locomotionType: species?.locomotionType ?? null,
    length: species?.length ?? '',
    weight: species?.weight ?? '',
    period: species?.period ?? '',
    fossilSites: species?.fossilSites ?? '',
    health: species?.health ?? SPECIES_DEFAULT_HEALTH,
    observationRate: captureRateToPercent(species?.captureRate ?? SPECIES_DEFAULT_CAPTURE_RATE),
    modelFile: null,
  };
}

/** Create mode when `species` is null, edit mode otherwise. */
export function SpeciesFormModal({ opened, species, onClose }: { opened: boolean; species: Species | null; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={species ? `Edit ${species.name}` : 'Add Dinosaur Species'} size="lg" centered>
      {/* Keyed so switching between items starts from that item's values. */}
      <SpeciesForm key={species?.id ?? 'new'} species={species} onDone={onClose} />
      {/* Questions belong to a saved species (issue #44): saved on their own, not with the form. */}
      {species && (
        <Box mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <SpeciesQuestions speciesId={species.id} />
        </Box>
      )}
    </Modal>
  );
}

function SpeciesForm({ species, onDone }: { species: Species | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const editing = species !== null;
  const modelSize = useFileSize(species?.modelUrl);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: initialValues(species),
    validate: schemaResolver(SpeciesAdminFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (key === 'modelFile') continue;
      if (key === 'observationRate') {
        // Stored and sent as captureRate (0-1), the REST field.
        body.append('captureRate', String(percentToCaptureRate(Number(value))));
        continue;
      }
      body.append(key, value === null || value === undefined ? '' : String(value));
    }
    if (values.modelFile) body.append('modelFile', values.modelFile);
    setProgress(values.modelFile ? { loaded: 0, total: values.modelFile.size, percent: 0 } : null);
    try {
      if (editing) await uploadWithProgress('PUT', `/api/dinosaur-species/${species.id}`, body, setProgress);
      else await uploadWithProgress('POST', '/api/dinosaur-species', body, setProgress);
      notifySuccess(editing ? ADMIN_SUCCESS.speciesUpdated : ADMIN_SUCCESS.speciesCreated);
      await utils.admin.invalidate();
      onDone();
    } catch (error) {
      const { captureRate, ...errors } = fieldErrors(error);
      form.setErrors(captureRate ? { ...errors, observationRate: captureRate } : errors);
      notifyFailure(editing ? ADMIN_FAILURE.updateSpecies : ADMIN_FAILURE.createSpecies, error);
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Scientific Name" key={form.key('scientificName')} {...form.getInputProps('scientificName')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} key={form.key('description')} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select label="Rarity" data={options(RARITIES)} clearable key={form.key('rarity')} {...form.getInputProps('rarity')} />
          <Select label="Diet" data={options(DIET_TYPES)} clearable key={form.key('dietType')} {...form.getInputProps('dietType')} />
          <Select
            label="Locomotion"
            data={options(LOCOMOTION_TYPES)}
            clearable
            key={form.key('locomotionType')}
            {...form.getInputProps('locomotionType')}
          />
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="Length" placeholder="e.g. 12 m" key={form.key('length')} {...form.getInputProps('length')} />
          <TextInput label="Weight" placeholder="e.g. 8,000 kg" key={form.key('weight')} {...form.getInputProps('weight')} />
          {/* Never clamped: an out-of-range value stays as typed and the submit shows the field's message. */}
          <NumberInput
            label="Health"
            description={`1 to ${MAX_SPECIES_HEALTH.toLocaleString('en')}`}
            required
            min={1}
            clampBehavior="none"
            key={form.key('health')}
            {...form.getInputProps('health')}
          />
          <NumberInput
            label="Observation rate"
            description="0 to 100%: the chance that an observation in range succeeds"
            required
            min={0}
            max={100}
            step={5}
            suffix="%"
            clampBehavior="none"
            key={form.key('observationRate')}
            {...form.getInputProps('observationRate')}
          />
        </SimpleGrid>
        <TextInput
          label="Period"
          placeholder="e.g. Late Cretaceous, about 68 to 66 million years ago"
          key={form.key('period')}
          {...form.getInputProps('period')}
        />
        <Textarea
          label="Where its fossils were found"
          autosize
          minRows={1}
          maxRows={4}
          key={form.key('fossilSites')}
          {...form.getInputProps('fossilSites')}
        />
        <FileInput
          label="3D Model"
          description={
            editing && species.modelUrl
              ? `${describeCurrentFile('model', species.modelUrl, species.modelFileName, modelSize)}. Choose a file to replace it.`
              : `${MODEL_EXTENSIONS.map((e) => `.${e}`).join(', ')}`
          }
          placeholder="Choose a model file"
          accept={MODEL_EXTENSIONS.map((e) => `.${e}`).join(',')}
          leftSection={<IconCube size={16} />}
          clearable
          key={form.key('modelFile')}
          {...form.getInputProps('modelFile')}
        />
        <UploadProgressBar progress={progress} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {editing ? 'Update Species' : 'Create Species'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
