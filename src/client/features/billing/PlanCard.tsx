import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Plan } from '../../../domain/billing-schemas';
import { formatPrice } from './api';

/**
 * What the card's button offers: 'get-started' (signed out, a game master
 * without an active plan, or a hunter/admin, then disabled), 'current' (the
 * subscribed plan: disabled) or 'switch' (another plan while subscribed).
 */
export type PlanAction = 'get-started' | 'current' | 'switch';

type Props = {
  plan: Plan;
  popular: boolean;
  action: PlanAction;
  loading: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
};

function buttonText(action: PlanAction, name: string): { label: string; ariaLabel: string } {
  if (action === 'current') return { label: 'Current Plan', ariaLabel: `Current Plan: ${name}` };
  if (action === 'switch') return { label: `Switch to ${name}`, ariaLabel: `Switch to ${name}` };
  return { label: 'Get Started', ariaLabel: `Get Started with ${name}` };
}

export function PlanCard({ plan, popular, action, loading, disabled, onChoose }: Props) {
  const { label, ariaLabel } = buttonText(action, plan.name);
  return (
    <Card
      withBorder
      shadow={popular ? 'md' : 'sm'}
      padding="lg"
      radius="md"
      data-testid={`plan-${plan.name}`}
      style={popular ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" mih={26}>
          <Title order={2} fz="xl">
            {plan.name}
          </Title>
          {popular && <Badge color="teal">Most Popular</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {plan.description}
        </Text>
        <Group gap={4} align="baseline">
          <Text fz={34} fw={800} lh={1}>
            {formatPrice(plan.price)}
          </Text>
          <Text c="dimmed">/{plan.interval}</Text>
        </Group>
        <List
          spacing={6}
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="light">
              ✓
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          fullWidth
          size="md"
          variant={popular && action !== 'current' ? 'filled' : 'light'}
          loading={loading}
          disabled={disabled || action === 'current'}
          onClick={() => onChoose(plan)}
          aria-label={ariaLabel}
        >
          {label}
        </Button>
      </Stack>
    </Card>
  );
}
