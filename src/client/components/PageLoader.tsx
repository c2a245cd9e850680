import { Center, Loader } from '@mantine/core';

/** Shown while a page's code loads. */
export function PageLoader() {
  return (
    <Center mih="60dvh" aria-label="Loading">
      <Loader />
    </Center>
  );
}
