import { Alert, Container } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { BILLING_NOTICES as N } from './messages';

/** /checkout without client_secret: the spec's notice, then /subscription. */
export function InvalidPaymentSession() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify({ ...N.invalidSession, variant: 'destructive' });
    navigate('/subscription', { replace: true });
  }, [navigate]);
  return (
    <Container size={520} py="xl">
      <Alert color="red" title={N.invalidSession.title}>
        {N.invalidSession.description}
      </Alert>
    </Container>
  );
}
