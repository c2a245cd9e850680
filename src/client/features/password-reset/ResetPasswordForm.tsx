import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { AppLink, useAppSearchParams } from '../../components/AppLink';
import { PasswordField } from '../../components/PasswordField';
import { apiRequest } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { loadSchemas, preloadSchemas } from '../../lib/schemas';

/** The mailed link's page (issue #45): a new password for the token in `?token=`. */
export function ResetPasswordForm() {
  const token = useAppSearchParams().get('token') ?? '';
  const [state, setState] = useState<'form' | 'done' | { invalid: string }>(token ? 'form' : { invalid: 'This link has no reset token.' });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: async (values) => schemaResolver((await loadSchemas()).ResetPasswordForm, { sync: true })(values),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/auth/reset-password', { token, ...values });
      setState('done');
      notify({ title: 'Password changed', description: 'Sign in with your new password.' });
    } catch (error) {
      const errors = fieldErrors(error);
      // A used or expired link cannot be fixed on this form: say so, and offer a new one.
      if (errors.token) setState({ invalid: errors.token });
      else {
        form.setErrors(errors);
        notify({ title: 'Password not changed', description: errorMessage(error), variant: 'destructive' });
      }
    }
  });

  if (state === 'done') {
    return (
      <Stack>
        <Alert icon={<IconCircleCheck size={18} />} title="Your password has been changed" color="jungle">
          Every device that was signed in to your account has been signed out. Sign in with your new password.
        </Alert>
        <Button component={AppLink} to="/login" fullWidth>
          Sign in
        </Button>
      </Stack>
    );
  }
  if (typeof state === 'object') {
    return (
      <Stack>
        <Alert icon={<IconAlertTriangle size={18} />} title="This link cannot be used" color="red">
          {state.invalid}
        </Alert>
        <Button component={AppLink} to="/forgot-password" fullWidth>
          Send a new link
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack>
        <Text size="sm">Choose a new password: at least 8 characters, not a common one. Every device signed in to the account will be signed out.</Text>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          name="password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          name="confirmPassword"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          Change password
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={AppLink} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
