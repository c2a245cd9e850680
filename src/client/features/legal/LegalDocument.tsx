import { Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageShell } from '../../components/PageShell';

export type LegalSection = { heading: string; paragraphs?: string[]; bullets?: string[] };

export function LegalDocument({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <PageShell>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Button component={Link} to="/" variant="subtle" px={0} mb="sm">
              ← Back to Home
            </Button>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" size="sm">
              Last updated: {updated}
            </Text>
          </div>
          {sections.map((s) => (
            <section key={s.heading}>
              <Title order={2} fz="h3" mb="xs">
                {s.heading}
              </Title>
              {s.paragraphs?.map((p) => (
                <Text key={p} mb="xs">
                  {p}
                </Text>
              ))}
              {s.bullets && (
                <List spacing={4}>
                  {s.bullets.map((b) => (
                    <List.Item key={b}>{b}</List.Item>
                  ))}
                </List>
              )}
            </section>
          ))}
          <Button component={Link} to="/" w="fit-content">
            Back to Home
          </Button>
        </Stack>
      </Container>
    </PageShell>
  );
}
