import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LOGIN_REDIRECT_MS } from '../../../domain/rules';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { PasswordField } from '../../components/PasswordField';
import { notify } from '../../lib/notify';
import { loadSchemas, preloadSchemas } from '../../lib/schemas';
import { trpc } from '../../trpc';
import { homeForRole } from './destinations';

export function LoginForm({ supportEmail }: { supportEmail: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = trpc.auth.login.useMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: async (values) => schemaResolver((await loadSchemas()).LoginInput, { sync: true })(values),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync(values);
      await queryClient.invalidateQueries();
      notify({ title: 'Login Successful', description: `Welcome back, ${user.username}!` });
      window.setTimeout(() => navigate(homeForRole(user.role)), LOGIN_REDIRECT_MS);
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack>
        <TextInput
          label="Username"
          placeholder="Your username"
          autoComplete="username"
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign In
        </Button>
        <Text size="sm" ta="center">
          No account yet?{' '}
          <Anchor component={Link} to="/register">
            Create one
          </Anchor>
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          Trouble signing in? Contact support at <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
      </Stack>
    </form>
  );
}
