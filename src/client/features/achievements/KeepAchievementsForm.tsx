// "Keep your achievements": a guest creates a hunter account at the end of the hunt and its hunter
// record (place in the hunt, stats, achievements) moves to it. Then the profile shows them.
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { KeepAchievementsForm as KeepSchema } from '../../../domain/achievement-schemas';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, expectSignInChange, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

export function KeepAchievementsForm() {
  const keep = trpc.achievements.keep.useMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(KeepSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const payload = KeepSchema.parse(values);
    // The guest's sign-in (and the hunt's live socket) ends as the account's begins: not a logout.
    const settled = expectSignInChange();
    try {
      await keep.mutateAsync(payload);
      // A fresh page under the new sign-in: every socket and query of the guest is left behind.
      window.location.assign('/account?kept=1');
    } catch (error) {
      settled();
      form.setErrors(fieldErrors(error));
      notify({ title: 'Registration Failed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="keep-achievements-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First Name" autoComplete="given-name" key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Username" autoComplete="username" key={form.key('username')} {...form.getInputProps('username')} />
        <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={keep.isPending} fullWidth>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
