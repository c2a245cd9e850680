import { describe, expect, it } from 'vitest';
import { chooseJoinSession, type JoinCandidate, sessionIdOf } from './join-choice';

const c = (id: number, patch: Partial<JoinCandidate> = {}): JoinCandidate => ({
  id,
  ended: false,
  member: false,
  matchedById: false,
  createdAt: id * 1000,
  ...patch,
});

describe('chooseJoinSession', () => {
  it('is undefined without candidates', () => {
    expect(chooseJoinSession([])).toBeUndefined();
  });

  it('prefers the newest of several sessions of the same name', () => {
    expect(chooseJoinSession([c(1), c(3), c(2)])?.id).toBe(3);
  });

  it('never prefers an ended session, however new or familiar', () => {
    expect(chooseJoinSession([c(1), c(5, { ended: true, member: true, matchedById: true })])?.id).toBe(1);
    // ...but an ended one is the answer when it is all there is (the join then says it ended).
    expect(chooseJoinSession([c(5, { ended: true })])?.id).toBe(5);
  });

  it('finds the session the caller already plays in before a newer one', () => {
    expect(chooseJoinSession([c(1, { member: true }), c(9)])?.id).toBe(1);
  });

  it('takes an id match over a session merely named like that number', () => {
    expect(chooseJoinSession([c(12, { matchedById: true }), c(40)])?.id).toBe(12);
  });

  it('breaks a tie of creation times by the highest id', () => {
    expect(chooseJoinSession([c(4, { createdAt: 1 }), c(7, { createdAt: 1 })])?.id).toBe(7);
  });
});

describe('sessionIdOf', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['Lunch Hunt', null],
    ['12 Raptors', null],
    ['1e3', null],
    ['99999999999999999999', null],
  ])('%j -> %j', (typed, id) => {
    expect(sessionIdOf(typed)).toBe(id);
  });
});
