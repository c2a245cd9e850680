// Live Players: what the game master shares with hunters (session name, id and
// password), how many have joined, and a QR code + link that opens the guest
// join form prefilled (the password only when the game master ticks it).
import { ActionIcon, Badge, Box, Button, Checkbox, CopyButton, Group, Progress, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconUsers, IconWorld } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { memo, useState } from 'react';
import { ExpeditionDialog } from './ExpeditionDialog';
import { joinLink } from './joinLink';
import { Panel } from './Panel';
import type { HqSession } from './types';

const QR_SIZE = 148;

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'green.9' : 'gray.8'} onClick={copy} aria-label={copied ? 'Copied' : label} size="lg">
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Box style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {label}
        </Text>
        <Text fw={800} ff="monospace" fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
          {value}
        </Text>
      </Box>
      <Copy value={value} label={`Copy ${label.toLowerCase()}`} />
    </Group>
  );
}

export const LivePlayers = memo(function LivePlayers({ session }: { session: HqSession | null }) {
  const [includePassword, setIncludePassword] = useState(false);
  const [expeditionOpen, setExpeditionOpen] = useState(false);
  if (!session) {
    return (
      <Panel title="Live Players" icon={<IconUsers size={20} aria-hidden />} testId="live-players">
        <Text size="sm" c="dimmed">
          Select or create a session to share its credentials with hunters.
        </Text>
      </Panel>
    );
  }
  const password = session.password ?? '';
  const link = joinLink(window.location.origin, session.id, includePassword ? password : null);
  const full = session.currentPlayers >= session.maxPlayers;
  return (
    <Panel
      title="Live Players"
      icon={<IconUsers size={20} aria-hidden />}
      testId="live-players"
      aside={
        <Text fw={800} c={full ? 'red.8' : undefined} data-testid="player-count" aria-label={`${session.currentPlayers} of ${session.maxPlayers} players`}>
          {session.currentPlayers}/{session.maxPlayers}
        </Text>
      }
    >
      <Stack gap="sm">
        <Progress value={(100 * session.currentPlayers) / Math.max(1, session.maxPlayers)} size="sm" aria-hidden color={full ? 'red.8' : 'jungle'} />
        <Group align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6} style={{ flex: '1 1 180px', minWidth: 0 }}>
            <Credential label="Session" value={session.name} testId="share-session-name" />
            <Credential label="Session ID" value={String(session.id)} testId="share-session-id" />
            <Credential label="Password" value={password} testId="share-session-password" />
          </Stack>
          <Stack gap={4} align="center" style={{ flex: '0 0 auto' }}>
            <Box p={6} bg="white" style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}>
              <QRCodeSVG value={link} size={QR_SIZE} marginSize={1} title={`QR code: join ${session.name}`} role="img" aria-label={`QR code to join ${session.name}`} />
            </Box>
            <Text size="xs" c="dimmed" ta="center" maw={QR_SIZE + 12}>
              Scan to open the join form
            </Text>
          </Stack>
        </Group>
        <Checkbox
          label="Include password in the link and QR code"
          checked={includePassword}
          onChange={(e) => setIncludePassword(e.currentTarget.checked)}
        />
        <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="expedition-status">
          <Text size="sm" style={{ minWidth: 0 }}>
            {session.isPublic ? (
              <>
                <Badge color="green.9" variant="filled" mr={6}>
                  Public
                </Badge>
                Listed to hunter accounts, who join without the password.
              </>
            ) : (
              'Private: hunters join with the password.'
            )}
          </Text>
          {session.status !== 'completed' && (
            <Button variant="light" size="compact-sm" leftSection={<IconWorld size={14} aria-hidden />} onClick={() => setExpeditionOpen(true)} style={{ flexShrink: 0 }}>
              {session.isPublic ? 'Edit expedition' : 'Make public'}
            </Button>
          )}
        </Group>
        <ExpeditionDialog session={session} opened={expeditionOpen} onClose={() => setExpeditionOpen(false)} />
        <TextInput
          label="Join link"
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          rightSection={<Copy value={link} label="Copy join link" />}
          rightSectionWidth={44}
          data-testid="join-link"
        />
      </Stack>
    </Panel>
  );
});
