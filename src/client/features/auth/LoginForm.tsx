import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useAdoptTypedValues } from '../../lib/adoptTypedValues';
import { LOGIN_REDIRECT_MS } from '../../../domain/rules';
import { AppLink, useAppNavigate } from '../../components/AppLink';
import { apiRequest } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { PasswordField } from '../../components/PasswordField';
import { notify } from '../../lib/notify';
import { refreshAfterSignIn } from '../../lib/refreshAfterSignIn';
import { loadSchemas, preloadSchemas } from '../../lib/schemas';
import { homeForRole } from './destinations';
import { SupportEmailLink } from './SupportEmailLink';

type LoginAnswer = { user: { username: string | null; role: string } };

// The configured address loads with the API clients, after the form (a short wait, then the link).

/**
 * Signs in over the REST door (POST /api/auth/login, the same procedure as tRPC's auth.login), so the
 * sign-in page does not wait for the tRPC client before it can be used.
 */
export function LoginForm() {
  const navigate = useAppNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: async (values) => schemaResolver((await loadSchemas()).LoginInput, { sync: true })(values),
  });
  const typedBeforeHydration = useAdoptTypedValues(form);

  const submit = form.onSubmit(async (values) => {
    try {
      const { user } = await apiRequest<LoginAnswer>('POST', '/api/auth/login', values);
      // Whatever was read while signed out (the header's sign-in status) is stale now.
      await refreshAfterSignIn((await import('../../DataProviders')).queryClient);
      notify({ title: 'Login Successful', description: `Welcome back, ${user.username}!` });
      window.setTimeout(() => navigate(homeForRole(user.role)), LOGIN_REDIRECT_MS);
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form ref={typedBeforeHydration} onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack>
        <TextInput
          label="Username"
          placeholder="Your username"
          autoComplete="username"
          name="username"
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          name="password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Anchor component={AppLink} to="/forgot-password" size="sm" ta="right" mt={-8}>
          Forgot password?
        </Anchor>
        <Button type="submit" loading={form.submitting} fullWidth>
          Sign In
        </Button>
        <Text size="sm" ta="center">
          No account yet?{' '}
          <Anchor component={AppLink} to="/register">
            Create one
          </Anchor>
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          Trouble signing in? Contact support at <SupportEmailLink />
        </Text>
      </Stack>
    </form>
  );
}
