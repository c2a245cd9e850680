/**
 * A prerendered page (scripts/prerender.ts) links its stylesheets with media="print" so they do not hold
 * up the first paint (the styles it uses are inlined); its entry script applies them, in place.
 */
export function applyDeferredStyles() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) link.media = 'all';
}
