/**
 * How an ended session reads (issue 23, decision 751): a hunt the game master
 * ended says ENDED; EXPIRED only when its time ran out. The server records why a
 * session completed (`endedReason`); sessions ended before that was recorded fall
 * back on their result's completionStatus.
 */
export const ENDED_REASONS = ['ended_by_game_master', 'time_up'] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

export type OutcomeLabel = 'ENDED' | 'EXPIRED';

/**
 * The label of a completed session: EXPIRED when its time ran out ('time_up', or,
 * without a recorded reason, a 'time_expired' result), otherwise ENDED.
 */
export function endedLabel(endedReason: string | null | undefined, completionStatus?: string | null): OutcomeLabel {
  if (endedReason === 'time_up') return 'EXPIRED';
  if (endedReason === 'ended_by_game_master') return 'ENDED';
  return completionStatus === 'time_expired' ? 'EXPIRED' : 'ENDED';
}

/** Player-language line for an ended session: who or what ended it. */
export function endedDescription(label: OutcomeLabel): string {
  return label === 'EXPIRED' ? 'Time ran out' : 'Ended by the game master';
}
