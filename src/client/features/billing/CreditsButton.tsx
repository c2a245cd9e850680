// The game master screen's Credits button: shows the balance and leads to
// /checkout to buy session credits.
import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { GM_CREDITS_REFRESH_MS } from '../../../domain/rules';
import { trpc } from '../../trpc';

export function CreditsButton() {
  // Credits an admin adds arrive as a live event on the selected session (decision 752); with
  // no session open, they show on return to the tab or within a minute.
  const status = trpc.billing.userSubscription.useQuery(undefined, {
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: GM_CREDITS_REFRESH_MS,
  });
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
