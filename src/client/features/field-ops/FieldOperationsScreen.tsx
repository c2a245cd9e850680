// /hunter: Field Operations for signed-in hunter accounts. Signed out -> /login; a
// guest hunter belongs on the Hunter Terminal of their session; game masters and
// admins cannot join sessions as hunters, so they are pointed to their own screen.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { homeForUser } from '../auth/destinations';
import { useCurrentUser } from '../auth/useCurrentUser';
import { FieldOperations } from './FieldOperations';

export function FieldOperationsScreen() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.isGuest) return <Navigate to={homeForUser(user)} replace />;
  if (user.role !== 'hunter') {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" ta="center" maw={420}>
          <Title order={1} size="h2">
            Field Operations
          </Title>
          <Text>Field Operations is the hunters' screen. Game masters and admins cannot join a session as hunters.</Text>
          <Button component={Link} to={homeForUser(user)} size="lg">
            Go to your screen
          </Button>
        </Stack>
      </Center>
    );
  }
  return <FieldOperations />;
}
