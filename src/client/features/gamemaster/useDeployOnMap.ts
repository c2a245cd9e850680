// A click on the Tactical Overview: checked by the pure deploy rules, then sent.
// The selection clears as soon as the click is taken (spec, section 4).
import { useCallback, useRef } from 'react';
import { checkDeploy, DEPLOY_NOTICES, type DeploySelection, type DeploySelectionAction } from '../../../domain/deploy-selection';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { LatLngPoint } from '../map/types';
import { notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

type Args = {
  session: HqSession | null;
  selection: DeploySelection;
  dispatch: (action: DeploySelectionAction) => void;
  speciesExists: (id: number) => boolean;
  deployedCount: number;
  /** Why a dinosaur may not go at this point (outside the play area, in a no-go zone), or null. */
  placementProblem?: (point: LatLngPoint) => string | null;
};

export function useDeployOnMap({ session, selection, dispatch, speciesExists, deployedCount, placementProblem }: Args) {
  const utils = trpc.useUtils();
  const deploy = trpc.deploy.deploy.useMutation({
    onSuccess: async (_dino, input) => {
      notify(DEPLOY_NOTICES.deployed);
      // The next new session opens here (decision 817).
      void utils.places.lastPlayed.invalidate();
      await utils.deploy.list.invalidate({ id: input.id });
    },
    onError: (error) =>
      notifyHqFailure(error, DEPLOY_NOTICES.failed.title, serverReason(error, DEPLOY_NOTICES.failed.description)),
  });

  // One function for the map's lifetime (the panels are memoised), reading the latest state.
  const latest = useRef<(point: LatLngPoint) => void>(() => {});
  latest.current = (point: LatLngPoint) => {
    const check = checkDeploy({
      sessionId: session?.id ?? null,
      sessionStatus: session?.status,
      selection,
      speciesExists,
      deployedCount,
    });
    if (!check.ok) {
      notify({ ...check.notice, variant: 'destructive' });
      return;
    }
    if (!session) return;
    // Refused here as the server would refuse it; the species stays selected for a click inside.
    const problem = placementProblem?.(point);
    if (problem) {
      notify({ title: DEPLOY_NOTICES.failed.title, description: problem, variant: 'destructive' });
      return;
    }
    dispatch({ type: 'deployed' });
    deploy.mutate({ id: session.id, sessionId: session.id, speciesId: check.speciesId, latitude: point.lat, longitude: point.lng });
  };
  return useCallback((point: LatLngPoint) => latest.current(point), []);
}
