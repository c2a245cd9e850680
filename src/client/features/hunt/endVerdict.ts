// The end dialog's verdict (spec, section 4 "Countdown and end").
export type EndVerdict = { title: string; message: string; colour: string };

export function endVerdict(status: string | null | undefined): EndVerdict {
  if (status === 'time_expired') {
    return { title: 'Mission Failed', message: 'Time ran out before every dinosaur was observed.', colour: 'red.9' };
  }
  if (status === 'completed') {
    return { title: 'Great Job!', message: 'Every dinosaur was observed. Mission accomplished!', colour: 'jungle.9' };
  }
  return { title: 'Session Ended', message: 'The game master has ended this session.', colour: 'dark.7' };
}
