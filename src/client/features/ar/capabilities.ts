// What this browser can do for AR, found by feature detection only (never the
// user agent string: Chromium on a desktop also has DeviceOrientationEvent.requestPermission).

export type ArCapabilities = {
  /** WebXR immersive-ar (Chrome on Android with ARCore). */
  immersiveAr: boolean;
  /** A camera can be asked for (getUserMedia). */
  camera: boolean;
  /** Orientation events exist (whether they carry a compass is known only once they arrive). */
  orientation: boolean;
  /** iOS AR Quick Look (`<a rel="ar">`). */
  quickLook: boolean;
  /** Android Scene Viewer intents: the platform reported by User-Agent Client Hints (not the UA string). */
  sceneViewer: boolean;
};

type NavigatorWithHints = Navigator & { userAgentData?: { platform?: string; mobile?: boolean } };

export async function detectArCapabilities(win: Window = window): Promise<ArCapabilities> {
  const nav = win.navigator as NavigatorWithHints;
  let immersiveAr = false;
  try {
    immersiveAr = (await nav.xr?.isSessionSupported('immersive-ar')) === true;
  } catch {
    immersiveAr = false;
  }
  const anchor = win.document.createElement('a');
  return {
    immersiveAr,
    camera: await hasCamera(nav),
    orientation: 'DeviceOrientationEvent' in win,
    quickLook: anchor.relList?.supports?.('ar') === true,
    sceneViewer: nav.userAgentData?.platform === 'Android',
  };
}

/** A video input is listed (kinds are listed before any permission; labels are not). */
async function hasCamera(nav: Navigator): Promise<boolean> {
  if (typeof nav.mediaDevices?.getUserMedia !== 'function') return false;
  try {
    const devices = await nav.mediaDevices.enumerateDevices();
    return devices.some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}
