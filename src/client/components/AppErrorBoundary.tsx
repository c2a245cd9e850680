import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A whole-app render failure shows 'Application Error' instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" maw={480}>
          <Title order={1}>Application Error</Title>
          <Text c="dimmed" ta="center">
            Something went wrong while showing this page. Reload to try again.
          </Text>
          <Code block maw="100%">
            {this.state.error.message}
          </Code>
          <Button onClick={() => window.location.assign('/')}>Go Home</Button>
        </Stack>
      </Center>
    );
  }
}
