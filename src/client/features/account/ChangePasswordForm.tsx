// Change the password (issue #14): the current password is required; the server
// ends every other sign-in of the account and gives this browser a new cookie.
import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ChangePasswordInput } from '../../../domain/schemas';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

export function ChangePasswordForm() {
  const change = trpc.auth.changePassword.useMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaResolver(ChangePasswordInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      notify({ title: 'Password Changed', description: 'Every other sign-in of this account has ended.' });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Password Not Changed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label="New Password"
          description="At least 8 characters, and not one of the most common passwords."
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" loading={change.isPending}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
