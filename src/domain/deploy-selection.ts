/**
 * The game master's deploy selection (live-play spec, sections 4, 5 and 8):
 * select a species, click the map to deploy it there, and the selection clears;
 * Cancel clears it. A map click is checked here before any call is made, with
 * the spec's messages. Pure: the Mission HQ screen keeps this state in a reducer.
 */
import { MAX_DINOSAURS_PER_SESSION } from './rules';

export type DeploySelection = { readonly speciesId: number | null };

export type DeploySelectionAction =
  /** Picks a species; picking the selected one again unselects it. */
  | { readonly type: 'select'; readonly speciesId: number }
  | { readonly type: 'cancel' }
  /** A map click was turned into a deploy call: the selection clears (whatever the answer). */
  | { readonly type: 'deployed' }
  /** Another session was selected, or none: a selection never carries over. */
  | { readonly type: 'sessionChanged' };

export const NO_SELECTION: DeploySelection = { speciesId: null };

export function deploySelectionReducer(state: DeploySelection, action: DeploySelectionAction): DeploySelection {
  switch (action.type) {
    case 'select':
      return state.speciesId === action.speciesId ? NO_SELECTION : { speciesId: action.speciesId };
    case 'cancel':
    case 'deployed':
    case 'sessionChanged':
      return state.speciesId === null ? state : NO_SELECTION;
  }
}

export const DEPLOY_NOTICES = {
  noSession: { title: 'No active session to deploy dinosaur.' },
  selectSpecies: { title: 'Select a Species First', description: 'Pick a species in the Deployment panel, then click the map.' },
  speciesError: { title: 'Species Error', description: 'The selected species is no longer in the catalogue.' },
  limit: {
    title: 'Deployment Limit Reached',
    description: `Maximum ${MAX_DINOSAURS_PER_SESSION} dinosaurs per session. Remove dinosaurs to deploy new ones.`,
  },
  deployed: { title: 'Dinosaur Deployed', description: 'Successfully deployed dinosaur to the battlefield!' },
  failed: { title: 'Deployment Failed', description: 'Failed to deploy dinosaur. Please try again.' },
} as const;

export type DeployNotice = { readonly title: string; readonly description?: string };

export type DeployCheck = { readonly ok: true; readonly speciesId: number } | { readonly ok: false; readonly notice: DeployNotice };

/**
 * What a click on the map does: deploy the selected species, or say why not
 * (in this order: no running session, no species selected, species gone, limit).
 * A session that ended counts as none: the server refuses to deploy into it.
 */
export function checkDeploy(input: {
  readonly sessionId: number | null;
  readonly sessionStatus: string | null | undefined;
  readonly selection: DeploySelection;
  readonly speciesExists: (id: number) => boolean;
  readonly deployedCount: number;
}): DeployCheck {
  if (input.sessionId === null || input.sessionStatus === 'completed') return { ok: false, notice: DEPLOY_NOTICES.noSession };
  const speciesId = input.selection.speciesId;
  if (speciesId === null) return { ok: false, notice: DEPLOY_NOTICES.selectSpecies };
  if (!input.speciesExists(speciesId)) return { ok: false, notice: DEPLOY_NOTICES.speciesError };
  if (input.deployedCount >= MAX_DINOSAURS_PER_SESSION) return { ok: false, notice: DEPLOY_NOTICES.limit };
  return { ok: true, speciesId };
}

/** The deployment counter, e.g. '3/15'. */
export function deployCounter(deployedCount: number): string {
  return `${Math.max(0, Math.floor(deployedCount))}/${MAX_DINOSAURS_PER_SESSION}`;
}
