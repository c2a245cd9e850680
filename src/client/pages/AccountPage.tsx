// /account: the signed-in account's profile and security: a hunter's achievements (decision 833),
// change the password, sign out everywhere.
import { Alert, Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PageShell } from '../components/PageShell';
import { ChangePasswordForm } from '../features/account/ChangePasswordForm';
import { EmailAddressSection } from '../features/account/EmailAddressSection';
import { SignOutEverywhere } from '../features/account/SignOutEverywhere';
import { ProfileAchievements } from '../features/achievements';
import { homeForUser } from '../features/auth/destinations';
import { useCurrentUser } from '../features/auth/useCurrentUser';

export function AccountPage() {
  const { user, isLoading } = useCurrentUser();
  // Arriving from "Keep your achievements" (decision 832).
  const [params] = useSearchParams();
  const kept = params.get('kept') === '1';
  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <PageShell>
      <Container size={520} py="xl">
        <Stack>
          <div>
            <Title order={1} fz={26}>
              Account
            </Title>
            <Text c="dimmed" size="sm">
              Signed in as {user.isGuest ? user.firstName : (user.username ?? user.firstName)}.{' '}
              <Anchor component={Link} to={homeForUser(user)} size="sm">
                Back to your screen
              </Anchor>
            </Text>
          </div>
          {kept && !user.isGuest && (
            <Alert color="jungle" title="Achievements kept" data-testid="achievements-kept">
              Welcome, {user.firstName}! Your hunter account has been created, and your hunt and its achievements are on it.
            </Alert>
          )}
          {user.role === 'hunter' && (
            <Card withBorder padding="lg" component="section" aria-labelledby="achievements-title">
              <Title order={2} fz={20} mb="md" id="achievements-title">
                Achievements
              </Title>
              <ProfileAchievements guest={user.isGuest} />
            </Card>
          )}
          {!user.isGuest && (
            <Card withBorder padding="lg" component="section" aria-labelledby="email-title">
              <Title order={2} fz={20} mb="md" id="email-title">
                Email Address
              </Title>
              <EmailAddressSection email={user.email} verified={user.emailVerified} role={user.role} />
            </Card>
          )}
          {user.isGuest ? (
            <Card withBorder padding="lg">
              <Text>Guest hunters have no password: your sign-in ends with the hunt.</Text>
            </Card>
          ) : (
            <Card withBorder padding="lg" component="section" aria-labelledby="change-password-title">
              <Title order={2} fz={20} mb="md" id="change-password-title">
                Change Password
              </Title>
              <ChangePasswordForm />
            </Card>
          )}
          <Card withBorder padding="lg" component="section" aria-labelledby="sign-out-everywhere-title">
            <Title order={2} fz={20} mb="xs" id="sign-out-everywhere-title">
              Sign Out Everywhere
            </Title>
            <SignOutEverywhere />
          </Card>
        </Stack>
      </Container>
    </PageShell>
  );
}
