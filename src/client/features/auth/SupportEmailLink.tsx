import { Anchor } from '@mantine/core';
import { useClientConfig } from './useClientConfig';

/** The support address the server is configured with, as a mail link. */
export function SupportEmailLink() {
  const { supportEmail } = useClientConfig();
  return <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>;
}
