// Colours of hunters' paths in the replay, in rank order: the map and the legend share them.
const PATH_COLOURS = ['#1c7ed6', '#e8590c', '#2f9e44', '#9c36b5', '#c2255c', '#0b7285', '#5c940d', '#862e9c'];
export const pathColour = (i: number): string => PATH_COLOURS[i % PATH_COLOURS.length] as string;
