// Test-only (never in the app's bundle): installs the IWER WebXR emulator over
// headless Chromium's own navigator.xr, which supports no AR. Bundled on the fly
// by e2e/support/iwer.ts and added with page.addInitScript before the app loads.
// Each session request is recorded on window.__xrSessions for the test to read.
import { metaQuest3, XRDevice } from 'iwer';

type Recorded = { mode: string; enabledFeatures: string[] };
const w = window as unknown as { __xrSessions: Recorded[]; __iwer: XRDevice };

const device = new XRDevice(metaQuest3);
// A phone has no tracked controllers (its input is the screen): without them no input profile is fetched.
for (const controller of Object.values(device.controllers)) {
  if (controller) controller.connected = false;
}
device.installRuntime({ forceInstall: true });
w.__iwer = device;
w.__xrSessions = [];

const xr = navigator.xr as XRSystem;
const requestSession = xr.requestSession.bind(xr);
xr.requestSession = async (mode: XRSessionMode, init?: XRSessionInit) => {
  const session = await requestSession(mode, init);
  const features = (session as XRSession & { enabledFeatures?: readonly string[] }).enabledFeatures ?? [];
  w.__xrSessions.push({ mode, enabledFeatures: [...features] });
  return session;
};
