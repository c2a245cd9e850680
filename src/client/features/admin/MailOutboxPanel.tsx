import { Accordion, Anchor, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { trpc } from '../../trpc';

const STATUS_COLOR: Record<string, string> = { queued: 'gray', sending: 'blue', sent: 'jungle', logged: 'jungle', failed: 'red' };

/** A mail's text with its links clickable (the development outbox is how a developer follows them). */
function withLinks(text: string): ReactNode[] {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <Anchor key={i} href={part} style={{ wordBreak: 'break-all' }}>
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}

/**
 * System Controls' mail section (issue #45): where mail goes and the newest mails. Without SMTP_URL it is
 * the development outbox: no mail leaves the server, and each one's text is here with its links.
 */
export function MailOutboxPanel() {
  const { data, isLoading } = trpc.admin.mailOutbox.useQuery(undefined, { refetchInterval: 10_000 });
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group gap="xs">
          <IconMail size={18} />
          <Text fw={700}>{data?.delivery === 'log' ? 'Development outbox' : 'Mail'}</Text>
          {data && data.waiting > 0 && <Badge color="amber">{data.waiting} waiting</Badge>}
        </Group>
        {isLoading && <Loader size="sm" />}
        {data && (
          <Text size="sm" c="dimmed">
            {data.delivery === 'log'
              ? 'SMTP_URL is not set: no mail leaves this server. Each mail is written to the server log and kept here with its links.'
              : 'Mail goes out through the SMTP server of SMTP_URL. Failed attempts are retried for about a day.'}
          </Text>
        )}
        {data && data.mails.length === 0 && <Text size="sm">No mail yet.</Text>}
        {data && data.mails.length > 0 && (
          <Accordion variant="separated" chevronPosition="left">
            {data.mails.map((mail) => (
              <Accordion.Item key={mail.id} value={String(mail.id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="wrap" gap={4}>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {mail.subject}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        To {mail.to} · {new Date(mail.createdAt).toLocaleString()}
                      </Text>
                    </Stack>
                    <Badge color={STATUS_COLOR[mail.status] ?? 'gray'} variant="light">
                      {mail.status}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {mail.lastError && (
                    <Text size="xs" c="red" mb="xs">
                      Attempt {mail.attempts}: {mail.lastError}
                    </Text>
                  )}
                  {mail.text !== null ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {withLinks(mail.text)}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Sent over SMTP: its text is not kept.
                    </Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Card>
  );
}
