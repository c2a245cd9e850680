import { Card, Container, Text, Title } from '@mantine/core';
import { PageShell } from '../components/PageShell';
import { ResetPasswordForm } from '../features/password-reset/ResetPasswordForm';

export function ResetPasswordPage() {
  return (
    <PageShell>
      <Container size={440} py="xl">
        <Title order={1} ta="center" fz={28} mb={4}>
          Choose a new password
        </Title>
        <Text c="dimmed" ta="center" mb="lg" size="sm">
          From the link we mailed you.
        </Text>
        <Card withBorder shadow="sm" padding="lg">
          <ResetPasswordForm />
        </Card>
      </Container>
    </PageShell>
  );
}
