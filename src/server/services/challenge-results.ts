// Challenges in a hunt's results (issue #44): what a teacher grades, per hunter, for the results CSV
// and Past hunts: each objective's outcome, wrong answers, hints and the score.
import type { ChallengeProgressOutput } from '../../domain/contracts';
import type { GameSessionRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { type SessionChallengesView, sessionView } from './challenges';

/** One objective's outcome in words: "done (+10)", "missed (2 wrong)", "1/2", "awaiting approval", "open". */
export function outcomeText(p: ChallengeProgressOutput): string {
  const wrong = p.wrongAnswers > 0 ? `${p.wrongAnswers} wrong` : '';
  if (p.status === 'done') return `done (+${p.pointsAwarded}${wrong ? `, ${wrong}` : ''})`;
  if (p.status === 'failed') return wrong ? `missed (${wrong})` : 'missed';
  if (p.status === 'pending') return 'awaiting approval';
  if (p.goal > 1) return `${p.progress}/${p.goal}`;
  return wrong ? `open (${wrong})` : 'open';
}

export type ChallengeColumns = { header: string[]; cells: (userId: string) => (string | number)[] };

/** The CSV's challenge columns: one per objective, then the totals. None when the hunt had no objectives. */
export async function challengeColumns(ctx: Pick<AppDeps, 'db' | 'bus' | 'now'>, session: GameSessionRow): Promise<ChallengeColumns> {
  const view: SessionChallengesView = await sessionView(ctx, session);
  if (view.challenges.length === 0) return { header: [], cells: () => [] };
  const byUser = new Map(view.hunters.map((h) => [h.userId, h]));
  return {
    header: [
      ...view.challenges.map((c, i) => `objective_${i + 1}: ${c.title}`),
      'challenge_points',
      'wrong_answers',
      'hints_taken',
      'hint_costs',
      'challenge_score',
    ],
    cells: (userId) => {
      const h = byUser.get(userId);
      if (!h) return view.challenges.map(() => '').concat(['', '', '', '', '']);
      return [
        ...h.progress.map(outcomeText),
        h.totals.pointsAwarded,
        h.totals.wrongAnswers,
        h.totals.hintsTaken,
        h.totals.hintCosts,
        h.totals.score,
      ];
    },
  };
}
