import { HunterTerminal } from '../features/hunter-terminal/HunterTerminal';

/** /hunter-mobile and /mobile-hunter: the same five-tab Hunter Terminal. */
export function HunterTerminalPage() {
  return <HunterTerminal />;
}
