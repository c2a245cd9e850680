// The game master screen's Credits button: shows the balance and leads to
// /checkout to buy session credits.
import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { trpc } from '../../trpc';

export function CreditsButton() {
  const status = trpc.billing.userSubscription.useQuery(undefined, { retry: false });
  const credits = status.data?.sessionCredits;
  return (
    <Button
      component={Link}
      to="/checkout?mode=credits"
      variant="light"
      size="xs"
      rightSection={
        credits === undefined ? null : (
          <Badge size="sm" variant="filled" data-testid="credits-count">
            {credits}
          </Badge>
        )
      }
    >
      Credits
    </Button>
  );
}
