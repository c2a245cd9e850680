import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PASSWORD_RESET_TTL_MS } from '../../../domain/rules';
import { AppLink } from '../../components/AppLink';
import { apiRequest } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { loadSchemas, preloadSchemas } from '../../lib/schemas';

/**
 * "Forgot password?" (issue #45): asks for a reset link. The answer is the same whether an account has
 * the address or not, and so is what this form says.
 */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: async (values) => schemaResolver((await loadSchemas()).ForgotPasswordInput, { sync: true })(values),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/auth/forgot-password', values);
      setSentTo(values.email.trim());
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Could not send the link', description: errorMessage(error), variant: 'destructive' });
    }
  });

  if (sentTo) {
    return (
      <Stack>
        <Alert icon={<IconMailCheck size={18} />} title="Check your mail" color="jungle" style={{ overflowWrap: 'anywhere' }}>
          If an account has the address {sentTo}, a link to choose a new password is on its way. The link works once,
          for {PASSWORD_RESET_TTL_MS / 60_000} minutes. Nothing arrived? Look in the spam folder, or ask again in a few minutes.
        </Alert>
        <Button variant="light" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={AppLink} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack>
        <Text size="sm">Enter the address of your account: we will mail you a link to choose a new password.</Text>
        <TextInput
          label="Email"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          name="email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Send reset link
        </Button>
        <Text size="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={AppLink} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
