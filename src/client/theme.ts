import {
  type AnchorProps,
  type CSSVariablesResolver,
  createTheme,
  type FileInputProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';
import { readableOn } from './lib/contrast';

const jungle: MantineColorsTuple = [
  '#eafbee', '#d6f3dc', '#abe6b8', '#7dd891', '#57cc70', '#3fc45b', '#31c04f', '#23a940', '#189636', '#02822a',
];
const amber: MantineColorsTuple = [
  '#fff8e1', '#ffefcc', '#ffdd9b', '#ffca64', '#ffba38', '#ffb01b', '#ffab09', '#e39500', '#ca8400', '#af7100',
];

export const theme = createTheme({
  primaryColor: 'jungle',
  // Shade 9 keeps white text and green links above 4.5:1 contrast (WCAG AA).
  primaryShade: { light: 9, dark: 6 },
  colors: { jungle, amber },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '800' },
  // Filled badges and buttons pick black or white text, whichever reads better on their colour:
  // 0.179 is the luminance where both contrast alike (white on yellow's #e67700 was 2.99:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  // Plain objects rather than `Modal.extend(...)`: importing the components here would put the
  // modal, file input and notification code in every page's first load (types are free).
  components: {
    // Icon-only buttons get a name screen readers can say.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps>,
      // The description carries the reason; Mantine's gray is 3.3:1 on white, below WCAG AA.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Links are underlined: inside a sentence, colour alone does not tell them apart (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Remove file' } } satisfies Partial<FileInputProps> },
  },
});

/**
 * Text of the light variants (badges, alerts, light buttons) at 4.5:1 on their tinted background,
 * its hover shade, white and the terminal's gray: Mantine's shade 9 on shade 1 is 4.18:1 for jungle
 * and 2.68:1 for yellow, so each colour's light text is darkened just enough.
 */
export function readableLightColors(colors: Record<string, readonly string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const text = shades[9];
    if (!text || !shades[1] || !shades[2]) continue;
    const readable = readableOn(text, [shades[1], shades[2], '#ffffff', '#f1f3f5']);
    if (readable !== text) out[`--mantine-color-${name}-light-color`] = readable;
  }
  return out;
}

/**
 * readableLightColors() of this theme's palette, written out: the phone does not work them out before its first
 * paint (14 ms of a slow phone's main thread, issue #25). theme.test.ts fails when they no longer match.
 */
export const READABLE_LIGHT_COLORS: Readonly<Record<string, string>> = {
  '--mantine-color-red-light-color': '#ab2424',
  '--mantine-color-violet-light-color': '#5a3aba',
  '--mantine-color-indigo-light-color': '#3147b3',
  '--mantine-color-blue-light-color': '#165a9a',
  '--mantine-color-cyan-light-color': '#0a6778',
  '--mantine-color-teal-light-color': '#077252',
  '--mantine-color-green-light-color': '#226e32',
  '--mantine-color-lime-light-color': '#4a760a',
  '--mantine-color-yellow-light-color': '#a15300',
  '--mantine-color-orange-light-color': '#ae3a0c',
  '--mantine-color-jungle-light-color': '#026822',
  '--mantine-color-amber-light-color': '#835500',
};

const LIGHT_VARIABLES = { '--mantine-color-dimmed': '#5c636a', ...READABLE_LIGHT_COLORS };

/** Dimmed text dark enough for 4.5:1 on white (Mantine's default gray is 3.3:1); light-variant text at AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: {}, light: LIGHT_VARIABLES, dark: {} });
