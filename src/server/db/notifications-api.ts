// What a process listening for notifications sees (db/notifications.ts opens it), apart from both
// implementations so db/pg/notifications.ts implements it without importing the neutral door.
export type Notifications = {
  /** Calls `handler` with the payload of each notification on `channel` (from any process, this one included). */
  on(channel: string, handler: (payload: string) => void): () => void;
  /**
   * Calls `handler` each time the connection listens again after it dropped (and on the first
   * connect when that came late): whatever was sent meanwhile was missed.
   */
  onListening(handler: () => void): () => void;
  /** Whether the connection is up and listening. */
  readonly listening: boolean;
  /** Ends the connection (no reconnect). */
  close(): Promise<void>;
};
