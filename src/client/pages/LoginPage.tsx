import { Card, Container, Tabs, Text, Title } from '@mantine/core';
import { useAppSearchParams } from '../components/AppLink';
import { PageShell } from '../components/PageShell';
import { HunterSessionForm } from '../features/auth/HunterSessionForm';
import { LoginForm } from '../features/auth/LoginForm';
import { SignedInNotice } from '../features/auth/SignedInNotice';

export function LoginPage() {
  // ?tab=hunter (a game master's join link) opens the Hunter Session tab.
  const params = useAppSearchParams();
  return (
    <PageShell>
      <Container size={440} py="xl">
        <Title order={1} ta="center" fz={28} mb={4}>
          Welcome back
        </Title>
        <Text c="dimmed" ta="center" mb="lg" size="sm">
          Sign in to your account, or join a hunt with your session credentials.
        </Text>
        <SignedInNotice />
        <Card withBorder shadow="sm" padding="lg">
          <Tabs defaultValue={params.get('tab') === 'hunter' ? 'hunter' : 'account'}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="account">
                Account Login
              </Tabs.Tab>
              <Tabs.Tab value="hunter">
                Hunter Session
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="account">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="hunter">
              <HunterSessionForm />
            </Tabs.Panel>
          </Tabs>
        </Card>
      </Container>
    </PageShell>
  );
}
