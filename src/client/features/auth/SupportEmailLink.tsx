import { Anchor } from '@mantine/core';
import { useSupportEmail } from './signInStatus';

/** The support address the server is configured with, as a mail link (nothing until it is known). */
export function SupportEmailLink() {
  const supportEmail = useSupportEmail();
  return supportEmail ? <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor> : null;
}
