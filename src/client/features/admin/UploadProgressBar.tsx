import { Progress, Text } from '@mantine/core';
import type { UploadProgress } from './uploadWithProgress';

/** Shown while a form's files are uploading. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return (
    <div>
      <Progress value={progress.percent} animated={progress.percent < 100} aria-label="Upload progress" />
      <Text size="xs" c="dimmed" mt={4} data-testid="upload-progress">
        Uploading… {progress.percent}% ({mb(progress.loaded)} of {mb(progress.total)} MB)
      </Text>
    </div>
  );
}
