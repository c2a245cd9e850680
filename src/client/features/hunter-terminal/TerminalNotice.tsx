// A full-screen message when the terminal cannot play: not signed in, no session,
// a session that does not exist or is not the visitor's.
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function TerminalNotice({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="dark.8">
      <Paper maw={420} w="100%" p="lg" radius="lg" data-testid="terminal-notice">
        <Stack gap="md">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="md">{children}</Text>
          {action ?? (
            <Button component={Link} to="/login" size="lg" h={52} leftSection={<IconLogin size={22} aria-hidden />}>
              Go to login
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
