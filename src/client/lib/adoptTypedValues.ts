// A prerendered form (decision 800) can be typed in, or filled by the browser, before React has hydrated it:
// on a slow phone that is seconds after it is drawn. Our forms are Mantine's 'uncontrolled' ones: the text is
// in the DOM, but the form's values learn of it only through onChange, which did not exist yet. Submitted,
// the form would say "Username is required" under a filled field. Once hydrated, it adopts what its named
// inputs already hold (decision 923).
import type { UseFormReturnType } from '@mantine/form';
import { type RefObject, useEffect, useRef } from 'react';

/** The text each named input of `element` holds, for the form's string fields that differ from it. */
export function typedValues(element: ParentNode, values: Record<string, unknown>): [string, string][] {
  const typed: [string, string][] = [];
  for (const input of element.querySelectorAll<HTMLInputElement>('input[name]')) {
    const path = input.name;
    if (input.value === '' || typeof values[path] !== 'string' || values[path] === input.value) continue;
    typed.push([path, input.value]);
  }
  return typed;
}

/** The ref for the `<form>`; on mount its named inputs' text becomes the form's values. */
export function useAdoptTypedValues<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form hydrates (the form object is new each render)
  useEffect(() => {
    if (!ref.current) return;
    for (const [path, value] of typedValues(ref.current, form.getValues())) {
      // As the input's own onChange sets it: no remount, so a field being typed in keeps its focus.
      form.setFieldValue(path, value as never, { forceUpdate: false });
    }
  }, []);
  return ref;
}
