import { Card, Container, Text, Title } from '@mantine/core';
import { PageShell } from '../components/PageShell';
import { RegisterForm } from '../features/auth/RegisterForm';
import { SignedInNotice } from '../features/auth/SignedInNotice';

export function RegisterPage() {
  return (
    <PageShell>
      <Container size={520} py="xl">
        <SignedInNotice />
        <Card withBorder shadow="sm" padding="lg">
          <Title order={1} fz={26} mb={4}>
            Create Account
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            Game masters run hunts; hunters join them.
          </Text>
          <RegisterForm />
        </Card>
      </Container>
    </PageShell>
  );
}
