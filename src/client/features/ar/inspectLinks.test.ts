import { describe, expect, it } from 'vitest';
import { absoluteUrl, sceneViewerIntent } from './inspectLinks';

describe('sceneViewerIntent', () => {
  it('carries the absolute GLB, AR preferred, the title and an encoded fallback', () => {
    const url = sceneViewerIntent('https://hunt.example/uploads/models/t rex.glb', 'T. rex & co', 'https://hunt.example/hunter-mobile?tab=ar');
    expect(url.startsWith('intent://arvr.google.com/scene-viewer/1.2?')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1, url.indexOf('#')));
    expect(query.get('file')).toBe('https://hunt.example/uploads/models/t rex.glb');
    expect(query.get('mode')).toBe('ar_preferred');
    expect(query.get('title')).toBe('T. rex & co');
    expect(url).toContain('#Intent;scheme=https;package=com.google.android.googlequicksearchbox;');
    expect(url).toContain(`S.browser_fallback_url=${encodeURIComponent('https://hunt.example/hunter-mobile?tab=ar')};end;`);
  });
});

describe('absoluteUrl', () => {
  it.each([
    ['/uploads/models/x.glb', 'https://hunt.example/hunter-mobile', 'https://hunt.example/uploads/models/x.glb'],
    ['https://cdn.example/x.glb', 'https://hunt.example/', 'https://cdn.example/x.glb'],
  ])('%s on %s', (url, base, expected) => expect(absoluteUrl(url, base)).toBe(expected));
});
