import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export function ApplicationError({ message }: { message: string }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={480}>
        <Title order={1}>Application Error</Title>
        <Text c="dimmed" ta="center">
          Something went wrong while showing this page. Reload to try again.
        </Text>
        <Code block maw="100%">
          {message}
        </Code>
        <Button onClick={() => window.location.assign('/')}>Go Home</Button>
      </Stack>
    </Center>
  );
}

/** A whole-app render failure outside the router shows 'Application Error' instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ApplicationError message={this.state.error.message} /> : this.props.children;
  }
}
