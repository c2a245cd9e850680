import {
  type CSSVariablesResolver,
  createTheme,
  type FileInputProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

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
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Remove file' } } satisfies Partial<FileInputProps> },
  },
});

/** Dimmed text dark enough for 4.5:1 on white (Mantine's default gray is 3.3:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
