// The event union keeps the spec's /ws events (live-play.md, "Real-time socket") with their fields, and
// refuses what is not one of its members.
import { describe, expect, it } from 'vitest';
import { AppEvent, type EventType } from './events';

const keysOf = (type: EventType): string[] => {
  const member = AppEvent.options.find((option) => option.shape.type.value === type);
  if (!member) throw new Error(`${type} is not in the union`);
  return Object.keys(member.shape.payload.shape);
};

describe('AppEvent', () => {
  it("holds the spec's socket events with the fields the spec names", () => {
    for (const type of ['dinosaur_deployed', 'session_started', 'session_paused', 'session_resumed', 'session_ended', 'broadcast'] as const) {
      expect(keysOf(type)).toEqual(expect.arrayContaining(['sessionId', 'timestamp']));
    }
    expect(keysOf('hunter_location')).toEqual(
      expect.arrayContaining(['sessionId', 'userId', 'location', 'accuracy', 'precision', 'timestamp']),
    );
    expect(keysOf('new_communication')).toEqual(
      expect.arrayContaining(['sessionId', 'timestamp', 'id', 'userId', 'username', 'message', 'messageType', 'mediaType', 'recipientType', 'createdAt']),
    );
  });

  it('has one member per type', () => {
    const types = AppEvent.options.map((option) => option.shape.type.value);
    expect(new Set(types).size).toBe(types.length);
  });

  it('parses a member and refuses an unknown type or a payload missing a field', () => {
    const removed = { type: 'dinosaur_removed', payload: { sessionId: 1, timestamp: 2, dinosaurId: 3 } };
    expect(AppEvent.safeParse(removed).success).toBe(true);
    expect(AppEvent.safeParse({ ...removed, type: 'teleported' }).success).toBe(false);
    expect(AppEvent.safeParse({ type: 'dinosaur_removed', payload: { sessionId: 1, timestamp: 2 } }).success).toBe(false);
  });
});
