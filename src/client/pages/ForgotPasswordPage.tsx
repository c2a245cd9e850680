import { Card, Container, Text, Title } from '@mantine/core';
import { PageShell } from '../components/PageShell';
import { ForgotPasswordForm } from '../features/password-reset/ForgotPasswordForm';

export function ForgotPasswordPage() {
  return (
    <PageShell>
      <Container size={440} py="xl">
        <Title order={1} ta="center" fz={28} mb={4}>
          Forgot your password?
        </Title>
        <Text c="dimmed" ta="center" mb="lg" size="sm">
          We will mail you a link to choose a new one.
        </Text>
        <Card withBorder shadow="sm" padding="lg">
          <ForgotPasswordForm />
        </Card>
      </Container>
    </PageShell>
  );
}
