// The local hunter id (hunter_{timestamp}_{random}) and the header's reset.
import { useCallback, useState } from 'react';
import { notify } from '../../lib/notify';
import { readHunterId, writeHunterId } from './hunterIdentity';

export function useHunterIdentity() {
  const [hunterId, setHunterId] = useState(() => readHunterId());
  const reset = useCallback(() => {
    const id = writeHunterId();
    setHunterId(id);
    notify({ title: 'Hunter identity reset', description: `New hunter ID: ${id}` });
  }, []);
  return { hunterId, reset };
}
