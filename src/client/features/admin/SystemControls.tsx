import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDatabaseExport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { notifyFailure } from './adminNotices';

/** Fetches a download with the session cookie and saves it under the server's file name. */
async function download(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { error?: string } | undefined;
    throw new ApiError(body?.error ?? `${res.status} ${res.statusText}`, res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function SystemControls() {
  const [busy, setBusy] = useState<'backup' | 'export' | null>(null);
  const run = async (kind: 'backup' | 'export') => {
    setBusy(kind);
    try {
      if (kind === 'backup') await download('/api/admin/backup', 'dinohunt-backup.jsonl.gz');
      else await download('/api/admin/analytics.csv', 'dinohunt-analytics.csv');
      notify({ title: kind === 'backup' ? 'Database backup downloaded' : 'Analytics exported' });
    } catch (error) {
      notifyFailure(kind === 'backup' ? 'Database backup failed' : 'Analytics export failed', error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Text fw={700}>System Controls</Text>
        <Text size="sm" c="dimmed">
          Download a consistent copy of the database, or sessions, hunters and observations as CSV.
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconDatabaseExport size={16} />}
            loading={busy === 'backup'}
            onClick={() => void run('backup')}
          >
            Database Backup
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={busy === 'export'}
            onClick={() => void run('export')}
          >
            Analytics Export
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
