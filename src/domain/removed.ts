// Kept apart from expeditions.ts (zod) so that the Hunter Terminal's first load carries no schemas (issue #25).
/** What a removed hunter reads, on their screen and in the refusal of their next request (decision 836). */
export function removedMessage(sessionName: string): string {
  return `You were removed from "${sessionName}" by the game master.`;
}
