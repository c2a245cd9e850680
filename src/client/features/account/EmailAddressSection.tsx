// The account's address (issue #45): whether it is confirmed, sending the link again, and changing it
// (a confirmation goes to the new address; the account keeps the old one until it is followed).
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { ChangeEmailInput } from '../../../domain/schemas';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

/** What an unconfirmed game master cannot do yet, said where it matters (account page, HQ). */
export const UNCONFIRMED_LIMITS = 'Until you confirm it, you can play and prepare hunts, but not publish a public expedition or pay for a plan by card.';

export function ResendConfirmationButton() {
  const resend = trpc.auth.resendVerification.useMutation({
    onSuccess: () => notify({ title: 'Link sent', description: 'A new confirmation link is on its way; the earlier one no longer works.' }),
    onError: (error) => notify({ title: 'Link not sent', description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button variant="light" size="sm" loading={resend.isPending} onClick={() => resend.mutate()}>
      Send the link again
    </Button>
  );
}

export function EmailAddressSection({ email, verified, role }: { email: string | null; verified: boolean; role: string }) {
  const [pendingAddress, setPendingAddress] = useState<string | null>(null);
  const change = trpc.auth.changeEmail.useMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', currentPassword: '' },
    validate: schemaResolver(ChangeEmailInput, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      setPendingAddress(values.email.trim());
      form.reset();
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify({ title: 'Address not changed', description: errorMessage(error), variant: 'destructive' });
    }
  });
  return (
    <Stack>
      <Group gap="xs">
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {email ?? 'No address'}
        </Text>
        <Badge color={verified ? 'jungle' : 'amber'} variant="light" data-testid="email-status">
          {verified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </Group>
      {!verified && (
        <Alert color="amber" icon={<IconMailExclamation size={18} />} title="Confirm your email address" style={{ overflowWrap: 'anywhere' }}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Follow the link we mailed to {email}. {role === 'gamemaster' ? UNCONFIRMED_LIMITS : ''}
            </Text>
            <ResendConfirmationButton />
          </Stack>
        </Alert>
      )}
      {pendingAddress && (
        <Alert color="jungle" title="Check the new address" style={{ overflowWrap: 'anywhere' }}>
          We mailed a confirmation link to {pendingAddress}. Your address changes when you follow it; a notice went to your current address.
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Change email address">
        <Stack>
          <TextInput label="New Email Address" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <Button type="submit" variant="light" loading={change.isPending}>
            Change Email Address
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
