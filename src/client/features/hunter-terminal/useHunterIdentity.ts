// The local hunter id (hunter_{timestamp}_{random}): labels this device's play only.
// The header's reset is now "Start over as a new hunter" (IdentityActions), which
// signs out and clears storage, so a new id is made on the next visit.
import { useState } from 'react';
import { readHunterId } from './hunterIdentity';

export function useHunterIdentity() {
  const [hunterId] = useState(() => readHunterId());
  return { hunterId };
}
