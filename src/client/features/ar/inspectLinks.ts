// "View in your space": the platform viewers that put a model on a nearby surface
// (not at its GPS point) when the hunter is within observation range.

/**
 * The Scene Viewer intent for an absolute https GLB URL (Android). Scene
 * Viewer opens in AR when it can, else in 3D; without the Google app the
 * browser goes back to `fallbackUrl`.
 */
export function sceneViewerIntent(glbUrl: string, title: string, fallbackUrl: string): string {
  const params = new URLSearchParams({ file: glbUrl, mode: 'ar_preferred', title });
  return (
    `intent://arvr.google.com/scene-viewer/1.2?${params.toString()}` +
    '#Intent;scheme=https;package=com.google.android.googlequicksearchbox;action=android.intent.action.VIEW;' +
    `S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};end;`
  );
}

/** An app-relative URL ("/uploads/models/x.glb") made absolute against the page's origin. */
export function absoluteUrl(url: string, base: string): string {
  return new URL(url, base).toString();
}
