import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AppLink, useAppSearchParams } from '../../components/AppLink';
import { apiRequest } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** The mailed confirmation link's page (issue #45): confirms the address of `?token=` as it opens. */
export function VerifyEmailResult() {
  const token = useAppSearchParams().get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed', message: 'This link has no confirmation token.' });
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    apiRequest<{ email: string }>('POST', '/api/auth/verify-email', { token })
      .then(({ email }) => !cancelled && setState({ kind: 'done', email }))
      .catch((error: unknown) => !cancelled && setState({ kind: 'failed', message: errorMessage(error) }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (state.kind === 'working') {
    return (
      <Stack align="center">
        <Loader />
        <Text size="sm">Confirming your address…</Text>
      </Stack>
    );
  }
  if (state.kind === 'done') {
    return (
      <Stack>
        <Alert icon={<IconCircleCheck size={18} />} title="Address confirmed" color="jungle" style={{ overflowWrap: 'anywhere' }}>
          {state.email} is confirmed. Game masters can now publish public expeditions and pay for plans by card.
        </Alert>
        <Button component={AppLink} to="/account" fullWidth>
          Go to your account
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Alert icon={<IconAlertTriangle size={18} />} title="This link cannot be used" color="red">
        {state.message}
      </Alert>
      <Button component={AppLink} to="/account" variant="light" fullWidth>
        Send a new link from your account
      </Button>
    </Stack>
  );
}
