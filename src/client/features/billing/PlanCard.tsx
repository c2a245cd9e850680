import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Plan } from '../../../domain/billing-schemas';
import { formatPrice } from './api';

type Props = {
  plan: Plan;
  popular: boolean;
  current: boolean;
  loading: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
};

export function PlanCard({ plan, popular, current, loading, disabled, onChoose }: Props) {
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
          <Group gap={4}>
            {popular && <Badge color="teal">Most Popular</Badge>}
            {current && (
              <Badge color="gray" variant="light">
                Current Plan
              </Badge>
            )}
          </Group>
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
          variant={popular ? 'filled' : 'light'}
          loading={loading}
          disabled={disabled}
          onClick={() => onChoose(plan)}
          aria-label={`Get Started with ${plan.name}`}
        >
          Get Started
        </Button>
      </Stack>
    </Card>
  );
}
