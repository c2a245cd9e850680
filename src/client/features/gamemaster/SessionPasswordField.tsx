// The session password of HQ's forms (create a session, run a hunt again): the field, with
// "Generate a strong password", which fills in a readable one and shows it (it is meant to be read out).
import { Button, Stack } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { MIN_SESSION_PASSWORD_LENGTH } from '../../../domain/rules';
import { readableSessionPassword } from '../../../domain/session-password';
import type { PasswordInputProps } from '@mantine/core';
import { PasswordField } from '../../components/PasswordField';

type Props = Omit<PasswordInputProps, 'label' | 'description' | 'visible' | 'onVisibilityChange'> & {
  /** Puts a generated password into the form. */
  onGenerate: (password: string) => void;
};

export function SessionPasswordField({ onGenerate, ...field }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap={4}>
      <PasswordField
        label="Session Password"
        // The placeholder says it is shared with hunters; the description says what the server asks of it.
        description={`At least ${MIN_SESSION_PASSWORD_LENGTH} characters, mixing letters with digits or symbols`}
        required
        autoComplete="off"
        visible={visible}
        onVisibilityChange={setVisible}
        {...field}
      />
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconWand size={14} aria-hidden />}
        // In a half-width column the label wraps rather than being cut.
        style={{ alignSelf: 'flex-start', maxWidth: '100%', height: 'auto', minHeight: 'var(--button-height)' }}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        onClick={() => {
          onGenerate(readableSessionPassword(secureRandomInt));
          setVisible(true);
        }}
      >
        Generate a strong password
      </Button>
    </Stack>
  );
}

/** An integer in [0, n) from the browser's secure random source. */
export function secureRandomInt(n: number): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value % n;
}
