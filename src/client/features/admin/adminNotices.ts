// The spec's admin notices (section 8), exactly, and one failure handler.
import { errorMessage, errorStatus, handleUnauthorized, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { UploadError } from './uploadWithProgress';

export const ADMIN_SUCCESS = {
  speciesCreated: 'Dinosaur species created!',
  speciesUpdated: 'Dinosaur species updated!',
  speciesDeleted: 'Dinosaur species deleted!',
  missionCreated: 'Mission created!',
  missionUpdated: 'Mission updated!',
  missionDeleted: 'Mission deleted!',
  gameMasterDeleted: 'GameMaster deleted successfully!',
  creditsAdded: 'Credits added successfully!',
  // Not in the spec (issue #14): the admin's action that ends a user's sign-ins.
  signInsEnded: 'Every sign-in of this GameMaster has ended',
  // Not in the spec (issue 24, decision 721): suspending and reactivating an account.
  accountSuspended: 'GameMaster suspended',
  accountReactivated: 'GameMaster reactivated',
  // Any account, from the Users tab (issue #46).
  userSuspended: 'Account suspended',
  userReactivated: 'Account reactivated',
} as const;

export const ADMIN_FAILURE = {
  createSpecies: 'Failed to create dinosaur species',
  updateSpecies: 'Failed to update dinosaur species',
  deleteSpecies: 'Failed to delete dinosaur species',
  createMission: 'Failed to create mission',
  updateMission: 'Failed to update mission',
  deleteMission: 'Failed to delete mission',
  deleteGameMaster: 'Failed to delete GameMaster',
  addCredits: 'Failed to add credits',
  endSignIns: 'Failed to end sign-ins',
  suspend: 'Failed to suspend GameMaster',
  reactivate: 'Failed to reactivate GameMaster',
  suspendUser: 'Failed to suspend the account',
  reactivateUser: 'Failed to reactivate the account',
} as const;

export function notifySuccess(title: string) {
  notify({ title });
}

/** Unauthorized: the shared rule (notice, then /api/login). Otherwise the spec's title and the server's reason. */
export function notifyFailure(title: string, error: unknown) {
  if (isUnauthorized(error)) {
    handleUnauthorized();
    return;
  }
  let description = errorMessage(error, title);
  // The server's reason leads; upload failures also report the status and status text (the spec), after it.
  if (error instanceof UploadError && error.status > 0) {
    description = `${description} (${[error.status, error.statusText].filter(Boolean).join(' ')})`;
  } else if (errorStatus(error) === 403) {
    description = 'Admin access is required';
  }
  notify({ title, description, variant: 'destructive' });
}
