import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useAdoptTypedValues } from '../../lib/adoptTypedValues';
import { useAppNavigate, useAppSearchParams } from '../../components/AppLink';
import { apiRequest } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { PasswordField } from '../../components/PasswordField';
import { notify } from '../../lib/notify';
import { refreshAfterSignIn } from '../../lib/refreshAfterSignIn';
import { loadSchemas, preloadSchemas } from '../../lib/schemas';
import { guestHunterHome } from './destinations';

type JoinAnswer = { sessionId: number | string; hunterHandle: string };

/**
 * Guest join with the credentials a game master hands out: the session's name (what
 * HQ shows biggest) or its ID, its password and a handle. Joining again from this
 * browser with the same handle comes back as the same hunter (decision 740).
 */
export function HunterSessionForm() {
  const navigate = useAppNavigate();
  // A game master's join link or QR code (/login?tab=hunter&sessionId=..&password=..) fills the form in.
  const params = useAppSearchParams();
  const linkedSessionId = params.get('sessionId') ?? '';
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { sessionId: linkedSessionId, password: params.get('password') ?? '', hunterHandle: '' },
    validate: async (values) => schemaResolver((await loadSchemas()).HunterJoinInput, { sync: true })(values),
  });
  const typedBeforeHydration = useAdoptTypedValues(form);

  const submit = form.onSubmit(async (values) => {
    try {
      const { HunterJoinInput } = await loadSchemas();
      const answer = await apiRequest<JoinAnswer>('POST', '/api/hunter/join-session', HunterJoinInput.parse(values));
      // Whatever was read while signed out (the header's sign-in status) is stale now.
      await refreshAfterSignIn((await import('../../DataProviders')).queryClient);
      notify({ title: 'Session Joined', description: `Welcome to the hunt, ${answer.hunterHandle}!` });
      navigate(guestHunterHome(answer.sessionId, answer.hunterHandle));
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Failed to Join Session', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form ref={typedBeforeHydration} onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack>
        <TextInput
          // The spec's label; its name works too (decision 740), which the description says.
          label="Session ID"
          description="Or the session's name, as your GameMaster gave it (e.g. 12 or Lunch Hunt)"
          autoComplete="off"
          autoCapitalize="off"
          name="sessionId"
          key={form.key('sessionId')}
          {...form.getInputProps('sessionId')}
        />
        <PasswordField
          label="Session Password"
          placeholder="From your GameMaster"
          name="password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Hunter Handle"
          placeholder="Your call sign"
          description="Coming back? Use the same handle on this phone to continue as yourself."
          autoComplete="nickname"
          autoFocus={linkedSessionId !== ''}
          name="hunterHandle"
          key={form.key('hunterHandle')}
          {...form.getInputProps('hunterHandle')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Join Hunt
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Use credentials provided by your GameMaster to join a hunting session.
        </Text>
      </Stack>
    </form>
  );
}
