// "View in your space" within observation range: AR Quick Look on iOS (the species'
// USDZ), Scene Viewer on Android (absolute GLB URL). Offered only where it can work.
import { Button } from '@mantine/core';
import { IconCube } from '@tabler/icons-react';
import { OBSERVATION_RANGE_M } from '../../../domain/rules';
import type { SpeciesLite } from '../species/types';
import type { ArCapabilities } from './capabilities';
import { absoluteUrl, sceneViewerIntent } from './inspectLinks';
import type { ArTarget } from './types';

const LABEL = 'View in your space';
const QUICK_LOOK_BUTTON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="52" viewBox="0 0 320 52"><rect width="320" height="52" rx="8" fill="#d0ebff"/>' +
    '<text x="160" y="33" text-anchor="middle" font-family="system-ui,sans-serif" font-size="18" font-weight="600" fill="#1864ab">View in your space</text></svg>',
)}`;

export function InspectUpClose({ target, species, caps }: { target: ArTarget; species: SpeciesLite; caps: ArCapabilities }) {
  if (!(target.distance <= OBSERVATION_RANGE_M)) return null;
  if (caps.quickLook && species.usdzUrl) {
    // Safari opens Quick Look for <a rel="ar"> whose only child is an image: the button is drawn as one.
    return (
      <a rel="ar" href={species.usdzUrl} data-testid="ar-quick-look" style={{ display: 'block' }}>
        <img alt={`${LABEL}: ${species.name}`} src={QUICK_LOOK_BUTTON} width="100%" height={52} style={{ display: 'block' }} />
      </a>
    );
  }
  if (caps.sceneViewer && species.modelUrl && /\.(glb|gltf)$/i.test(species.modelUrl)) {
    const here = window.location.href;
    return (
      <Button
        component="a"
        href={sceneViewerIntent(absoluteUrl(species.modelUrl, here), species.name, here)}
        data-testid="ar-scene-viewer"
        size="lg"
        h={52}
        fullWidth
        variant="light"
        leftSection={<IconCube aria-hidden />}
      >
        {LABEL}
      </Button>
    );
  }
  return null;
}
