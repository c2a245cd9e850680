// A tooltip whose code (Mantine's Tooltip and Floating UI) arrives when a mouse first rests on its
// button (issue #25): a phone, tapped not hovered, never needs it, and a screen's first load does not
// carry it. Once here it is Mantine's Tooltip, shown while the button is hovered (Mantine's default
// events; controlled, so the hover that fetched it shows it), beside the button (its
// `target`), so the button itself is never re-mounted and keeps its focus.
import { type ComponentType, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';

type TooltipComponent = ComponentType<{ label: ReactNode; opened: boolean; target: HTMLElement | null }>;

let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;
const loadTooltip = () => {
  loading ??= import('./TooltipChunk')
    .then((m) => {
      loaded = m.Tooltip as unknown as TooltipComponent;
      return loaded;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
};

type Props = { label: string; children: ReactElement };

export function LazyTooltip({ label, children }: Props) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  const [hovered, setHovered] = useState(false);
  const active = hovered;
  useEffect(() => {
    if (!active || Tooltip) return;
    let current = true;
    // Offline before it ever loaded: no tooltip; the button keeps its accessible name.
    loadTooltip()
      .then((component) => current && setTooltip(() => component))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [active, Tooltip]);
  const wrapper = useRef<HTMLSpanElement>(null);
  return (
    <>
      <span
        ref={wrapper}
        style={{ display: 'contents' }}
        onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
      >
        {children}
      </span>
      {Tooltip && <Tooltip label={label} opened={active} target={wrapper.current?.firstElementChild as HTMLElement | null} />}
    </>
  );
}
