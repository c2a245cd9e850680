import { Alert, Anchor, Text } from '@mantine/core';
import { useContext } from 'react';
import { AppLink, AppNavigate } from '../../components/AppLink';
import { homeForUser } from './destinations';
import { logOutAndLeave, useSignInStatus } from './signInStatus';

/** On the sign-in and registration pages: says who is already signed in, with the way on or out. */
export function SignedInNotice() {
  const user = useSignInStatus();
  const goHome = useContext(AppNavigate);
  if (!user) return null;
  const name = user.isGuest ? user.firstName : user.username;
  return (
    // A long username wraps instead of running out of the card on a phone.
    <Alert variant="light" mb="md" title={`You are signed in as ${name}`} styles={{ title: { overflowWrap: 'anywhere' } }}>
      <Text size="sm">
        <Anchor component={AppLink} to={homeForUser(user)}>
          Continue to your screen
        </Anchor>{' '}
        or{' '}
        <Anchor component="button" type="button" onClick={() => void logOutAndLeave(goHome)}>
          log out
        </Anchor>{' '}
        to use another account.
      </Text>
    </Alert>
  );
}
