// The terminal's end-of-session dialog: the result, and what the hunt earned (with a guest's offer
// to keep it, whose form and checks load with this dialog, not with the terminal: decision 850).
import { HuntAchievements } from '../achievements/HuntAchievements';
import { SessionEndDialog } from '../hunt/SessionEndDialog';

type Props = Omit<Parameters<typeof SessionEndDialog>[0], 'children'> & { sessionId: number };

export function TerminalEndDialog({ sessionId, ...props }: Props) {
  return (
    <SessionEndDialog {...props}>
      <HuntAchievements sessionId={sessionId} />
    </SessionEndDialog>
  );
}
