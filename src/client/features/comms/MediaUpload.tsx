// Photo and video messages (POST /api/game-sessions/{id}/upload-media, multipart:
// media, message, recipientType). On phones the Photo and Video buttons open the
// camera (accept + capture); Choose File picks from the gallery or disk.
import { Button, FileButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconPaperclip, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { MAX_MESSAGE_LENGTH } from '../../../domain/rules';
import { isUnauthorized, handleUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { UploadProgressBar } from '../admin/UploadProgressBar';
import { type UploadProgress, uploadWithProgress } from '../admin/uploadWithProgress';
import { COMMS_NOTICES, notifyNoSession } from './commsNotices';
import { checkMediaFile, MEDIA_ACCEPT, PHOTO_ACCEPT, VIDEO_ACCEPT } from './mediaFile';
import type { CommsMessage, RecipientType } from './types';
import { useAddSentMessage } from './useAddSentMessage';

const RECIPIENT_LABELS: Record<RecipientType, string> = { all: 'All', headquarters: 'Headquarters', hunters: 'Hunters', team: 'Team' };
const BYTES_PER_MB = 1024 * 1024;

export type MediaUploadProps = {
  sessionId: number | null;
  /** Hunters: ['all', 'headquarters']; the game master: ['all', 'hunters']. The first is the default. */
  recipients: readonly RecipientType[];
};

export function MediaUpload({ sessionId, recipients }: MediaUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [recipient, setRecipient] = useState<RecipientType>(recipients[0] ?? 'all');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const addSent = useAddSentMessage(sessionId);
  const photoReset = useRef<() => void>(null);
  const videoReset = useRef<() => void>(null);
  const fileReset = useRef<() => void>(null);
  const recipientLabelId = useId();
  const uploading = progress !== null;

  const pick = (picked: File | null) => {
    setFile(picked);
    const found = picked ? checkMediaFile(picked) : null;
    setProblem(found ? [found.title, found.description].filter(Boolean).join(': ') : null);
    if (found) notify({ ...found, variant: 'destructive' });
  };

  const clear = () => {
    setFile(null);
    setProblem(null);
    for (const reset of [photoReset, videoReset, fileReset]) reset.current?.();
  };

  const upload = async () => {
    if (uploading) return;
    if (sessionId === null) {
      notifyNoSession();
      return;
    }
    const found = checkMediaFile(file);
    if (found || !file) {
      setProblem(found ? [found.title, found.description].filter(Boolean).join(': ') : COMMS_NOTICES.noFile);
      notify({ title: found?.title ?? COMMS_NOTICES.noFile, description: found?.description, variant: 'destructive' });
      return;
    }
    const body = new FormData();
    body.append('message', caption.trim());
    body.append('recipientType', recipient);
    body.append('media', file); // last, so the server checks the fields before the bytes
    setProgress({ loaded: 0, total: file.size, percent: 0 });
    try {
      const message = await uploadWithProgress<CommsMessage>('POST', `/api/game-sessions/${sessionId}/upload-media`, body, setProgress);
      addSent(message);
      notify({ title: message.mediaType === 'video' ? 'Video sent' : 'Photo sent' });
      setCaption('');
      clear();
    } catch (error) {
      if (isUnauthorized(error)) {
        handleUnauthorized();
      } else {
        const reason = error instanceof Error ? error.message : undefined;
        setProblem(`${COMMS_NOTICES.uploadFailed}${reason ? `: ${reason}` : ''}`);
        notify({ title: COMMS_NOTICES.uploadFailed, description: reason, variant: 'destructive' });
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" grow>
        <FileButton onChange={pick} accept={PHOTO_ACCEPT} capture="environment" resetRef={photoReset} disabled={uploading}>
          {(props) => (
            <Button {...props} h={56} px={4} variant="default">
              <Stack gap={0} align="center">
                <IconCamera size={22} aria-hidden />
                Photo
              </Stack>
            </Button>
          )}
        </FileButton>
        <FileButton onChange={pick} accept={VIDEO_ACCEPT} capture="environment" resetRef={videoReset} disabled={uploading}>
          {(props) => (
            <Button {...props} h={56} px={4} variant="default">
              <Stack gap={0} align="center">
                <IconVideo size={22} aria-hidden />
                Video
              </Stack>
            </Button>
          )}
        </FileButton>
        <FileButton onChange={pick} accept={MEDIA_ACCEPT} resetRef={fileReset} disabled={uploading}>
          {(props) => (
            <Button {...props} h={56} px={4} variant="default">
              <Stack gap={0} align="center">
                <IconPaperclip size={22} aria-hidden />
                File
              </Stack>
            </Button>
          )}
        </FileButton>
      </Group>
      {file && (
        <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="media-selected">
          <Text size="sm" truncate style={{ minWidth: 0 }}>
            {file.name} ({(file.size / BYTES_PER_MB).toFixed(1)} MB)
          </Text>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={clear} leftSection={<IconX size={14} aria-hidden />}>
            Remove
          </Button>
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red.9" fw={600} data-testid="media-problem">
          {problem}
        </Text>
      )}
      <TextInput
        label="Caption"
        placeholder="Optional"
        value={caption}
        onChange={(e) => setCaption(e.currentTarget.value)}
        maxLength={MAX_MESSAGE_LENGTH}
        size="md"
      />
      {recipients.length > 1 && (
        <div>
          <Text component="span" size="sm" fw={500} id={recipientLabelId}>
            Send to
          </Text>
          <SegmentedControl
            fullWidth
            size="md"
            value={recipient}
            onChange={(v) => setRecipient(v as RecipientType)}
            data={recipients.map((r) => ({ value: r, label: RECIPIENT_LABELS[r] }))}
            aria-labelledby={recipientLabelId}
          />
        </div>
      )}
      <UploadProgressBar progress={progress} />
      <Button h={52} leftSection={<IconUpload size={22} aria-hidden />} onClick={upload} loading={uploading}>
        Upload Media
      </Button>
    </Stack>
  );
}
