import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useAdoptTypedValues } from '../../lib/adoptTypedValues';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REGISTRATION_REDIRECT_MS } from '../../../domain/rules';
import { RegisterForm as RegisterFormSchema } from '../../../domain/schemas';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { PasswordField } from '../../components/PasswordField';
import { notify } from '../../lib/notify';
import { refreshAfterSignIn } from '../../lib/refreshAfterSignIn';
import { trpc } from '../../trpc';

const ROLE_OPTIONS = [
  { value: 'gamemaster', label: 'GameMaster - Create hunting sessions' },
  { value: 'hunter', label: 'Hunter - Join hunting sessions' },
];

/** ?role=gamemaster or ?role=hunter (the landing page's role buttons) preselects the account type; anything else leaves it open. */
function roleFromQuery(value: string | null): string {
  return ROLE_OPTIONS.some((o) => o.value === value) ? (value as string) : '';
}

export function RegisterForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const register = trpc.auth.register.useMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      role: roleFromQuery(params.get('role')),
      password: '',
      confirmPassword: '',
    },
    validate: schemaResolver(RegisterFormSchema, { sync: true }),
  });
  const typedBeforeHydration = useAdoptTypedValues(form);

  const submit = form.onSubmit(async (values) => {
    const { confirmPassword: _confirm, ...payload } = RegisterFormSchema.parse(values);
    try {
      const { user, role } = await register.mutateAsync(payload);
      await refreshAfterSignIn(queryClient);
      notify({
        title: 'Registration Successful',
        description: `Welcome, ${user.firstName}! Your account has been created.`,
      });
      window.setTimeout(
        () => navigate(role === 'gamemaster' ? '/subscription' : '/hunter'),
        REGISTRATION_REDIRECT_MS,
      );
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Registration Failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form ref={typedBeforeHydration} onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First Name" autoComplete="given-name" name="firstName" key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" name="lastName" key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Username" autoComplete="username" name="username" key={form.key('username')} {...form.getInputProps('username')} />
        <TextInput label="Email" type="email" autoComplete="email" name="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Select
          label="Account Type"
          placeholder="Select your role"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          key={form.key('role')}
          {...form.getInputProps('role')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          name="password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          name="confirmPassword"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          Create Account
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">Already have an account?</Text>
          <Anchor component={Link} to="/login" size="sm">
            Sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
