// Contracts of past hunts (issue 26, helper hunts): replay, run it again, saved layouts.
import { TeamSettings } from '../../../domain/contracts/teams';
import { z } from 'zod';

const Point = z.object({ lat: z.number(), lng: z.number() });
const Polygon = z.array(Point);

export const tags = ['game-sessions'];
export const layoutTags = ['game-sessions'];

export const ReplayOutput = z.object({
  sessionId: z.number().int(),
  name: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().describe('When the hunt ended (ISO)'),
  pathsKept: z
    .boolean()
    .describe("False once the privacy policy's retention window (48 h after the end) has passed: paths are then empty"),
  pathsDeletedAt: z.string().describe('When the paths are (or were) deleted (ISO)'),
  playArea: Polygon.nullable(),
  noGoZones: z.array(Polygon),
  dinosaurs: z.array(z.object({ id: z.number().int(), speciesName: z.string(), lat: z.number(), lng: z.number() })),
  hunters: z.array(
    z.object({
      hunterId: z.string(),
      hunterName: z.string(),
      completionRank: z.number().int(),
      pointsStored: z.number().int().describe('Fixes stored for this hunter; points holds at most a bounded, evenly thinned share'),
      points: z
        .array(z.object({ t: z.number().int().describe('Milliseconds since the epoch'), lat: z.number(), lng: z.number() }))
        .describe('The path in time order (first and last fix always kept)'),
    }),
  ),
  observations: z
    .array(
      z.object({
        t: z.number().int().describe('Milliseconds since the epoch'),
        hunterId: z.string(),
        hunterName: z.string(),
        dinosaurId: z.number().int(),
        speciesName: z.string(),
        lat: z.number().nullable().describe("The observed dinosaur's position (null if it was cleared since)"),
        lng: z.number().nullable(),
      }),
    )
    .describe('Successful observations, oldest first'),
});

export const LayoutOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  playArea: Polygon.nullable(),
  noGoZones: z.array(Polygon),
  dinosaurs: z.array(
    z.object({
      speciesId: z.number().int(),
      speciesName: z.string().nullable().describe('Null when the species has been deleted since (left out when applied)'),
      lat: z.number(),
      lng: z.number(),
    }),
  ),
  teamSettings: TeamSettings.nullable().describe("The team rules applied with the layout (issue 42); null for layouts saved before teams"),
  createdAt: z.string(),
});

export const ApplyLayoutOutput = z.object({
  sessionId: z.number().int(),
  layoutId: z.number().int(),
  dinosaurs: z.number().int().describe('Dinosaurs the session now has'),
  skippedDinosaurs: z.number().int().describe("The layout's dinosaurs left out because their species was deleted"),
});
