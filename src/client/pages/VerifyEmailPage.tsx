import { Card, Container, Title } from '@mantine/core';
import { PageShell } from '../components/PageShell';
import { VerifyEmailResult } from '../features/password-reset/VerifyEmailResult';

export function VerifyEmailPage() {
  return (
    <PageShell>
      <Container size={440} py="xl">
        <Title order={1} ta="center" fz={28} mb="lg">
          Confirm your address
        </Title>
        <Card withBorder shadow="sm" padding="lg">
          <VerifyEmailResult />
        </Card>
      </Container>
    </PageShell>
  );
}
