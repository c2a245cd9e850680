import { describe, expect, it } from 'vitest';
import {
  checkDeploy,
  DEPLOY_NOTICES,
  type DeploySelection,
  deployCounter,
  deploySelectionReducer,
  NO_SELECTION,
} from './deploy-selection';
import { MAX_DINOSAURS_PER_SESSION } from './rules';
import { SESSION_MESSAGES } from './session-schemas';

const selected = (speciesId: number): DeploySelection => ({ speciesId });

describe('deploySelectionReducer', () => {
  it('selects a species, and switches to another', () => {
    expect(deploySelectionReducer(NO_SELECTION, { type: 'select', speciesId: 3 })).toEqual(selected(3));
    expect(deploySelectionReducer(selected(3), { type: 'select', speciesId: 4 })).toEqual(selected(4));
  });
  it('unselects when the selected species is picked again', () => {
    expect(deploySelectionReducer(selected(3), { type: 'select', speciesId: 3 })).toEqual(NO_SELECTION);
  });
  it('clears on Cancel, after a deploy, and when the session changes', () => {
    for (const type of ['cancel', 'deployed', 'sessionChanged'] as const) {
      expect(deploySelectionReducer(selected(7), { type })).toEqual(NO_SELECTION);
    }
  });
  it('keeps the same state object when there is nothing to clear (no re-render)', () => {
    expect(deploySelectionReducer(NO_SELECTION, { type: 'cancel' })).toBe(NO_SELECTION);
  });
});

describe('checkDeploy', () => {
  const base = {
    sessionId: 12,
    sessionStatus: 'preparing',
    selection: selected(2),
    speciesExists: (id: number) => id === 2,
    deployedCount: 0,
  };

  it('deploys the selected species when everything is in order', () => {
    expect(checkDeploy(base)).toEqual({ ok: true, speciesId: 2 });
    expect(checkDeploy({ ...base, sessionStatus: 'active', deployedCount: MAX_DINOSAURS_PER_SESSION - 1 })).toEqual({
      ok: true,
      speciesId: 2,
    });
  });
  it('needs a session that has not ended', () => {
    expect(checkDeploy({ ...base, sessionId: null })).toEqual({ ok: false, notice: DEPLOY_NOTICES.noSession });
    expect(checkDeploy({ ...base, sessionStatus: 'completed' })).toEqual({ ok: false, notice: DEPLOY_NOTICES.noSession });
    expect(DEPLOY_NOTICES.noSession.title).toBe('No active session to deploy dinosaur.');
  });
  it("says 'Select a Species First' without a selection", () => {
    const check = checkDeploy({ ...base, selection: NO_SELECTION });
    expect(check).toEqual({ ok: false, notice: DEPLOY_NOTICES.selectSpecies });
    expect(DEPLOY_NOTICES.selectSpecies.title).toBe(SESSION_MESSAGES.selectSpecies);
  });
  it("says 'Species Error' for a species that is not in the catalogue", () => {
    expect(checkDeploy({ ...base, selection: selected(99) })).toEqual({ ok: false, notice: DEPLOY_NOTICES.speciesError });
  });
  it('stops at 15 dinosaurs with the spec message', () => {
    const check = checkDeploy({ ...base, deployedCount: MAX_DINOSAURS_PER_SESSION });
    expect(check).toEqual({ ok: false, notice: DEPLOY_NOTICES.limit });
    expect(`${DEPLOY_NOTICES.limit.title}: ${DEPLOY_NOTICES.limit.description}`).toBe(SESSION_MESSAGES.deploymentLimit);
  });
  it('checks the session before the selection, and the selection before the limit', () => {
    expect(checkDeploy({ ...base, sessionId: null, selection: NO_SELECTION })).toMatchObject({ notice: DEPLOY_NOTICES.noSession });
    expect(checkDeploy({ ...base, selection: NO_SELECTION, deployedCount: 20 })).toMatchObject({
      notice: DEPLOY_NOTICES.selectSpecies,
    });
  });
});

describe('deployCounter', () => {
  it('shows n/15', () => {
    expect(deployCounter(0)).toBe('0/15');
    expect(deployCounter(3)).toBe('3/15');
    expect(deployCounter(-1)).toBe('0/15');
  });
});
