// Mantine's Tooltip (and Floating UI under it: about 15 KB gzipped) as a chunk of its own, for LazyTooltip.
export { Tooltip } from '@mantine/core';
