import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput shows its error but, unlike TextInput, does not mark
 * the input itself invalid: screen readers would not hear it. Every password
 * field of ours is this one.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={Boolean(props.error) || undefined} />;
}
