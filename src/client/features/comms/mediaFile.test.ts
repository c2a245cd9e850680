import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES } from '../../../domain/rules';
import { checkMediaFile, mediaKind } from './mediaFile';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkMediaFile', () => {
  it('asks for a file when there is none', () => {
    expect(checkMediaFile(null)).toEqual({ title: 'No file selected' });
  });

  it('accepts jpeg photos and mp4 videos', () => {
    expect(checkMediaFile(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkMediaFile(file('clip.MP4', 'video/mp4'))).toBeNull();
    // Some pickers give no type: the name decides.
    expect(checkMediaFile(file('b.JPEG', ''))).toBeNull();
    expect(mediaKind(file('b.jpeg', ''))).toBe('image');
    expect(mediaKind(file('c.mp4', ''))).toBe('video');
  });

  it('refuses other types with the spec message', () => {
    for (const f of [file('a.png', 'image/png'), file('a.mov', 'video/quicktime'), file('a.jpg', 'image/png'), file('x', '')]) {
      expect(checkMediaFile(f)).toEqual({ title: 'Invalid file type', description: 'Only .jpg photos and .mp4 videos are allowed' });
    }
  });

  it('refuses files over 50 MB and takes exactly 50 MB', () => {
    expect(checkMediaFile(file('a.mp4', 'video/mp4', MAX_MEDIA_BYTES))).toBeNull();
    expect(checkMediaFile(file('a.mp4', 'video/mp4', MAX_MEDIA_BYTES + 1))).toEqual({
      title: 'File too large',
      description: 'Files must be under 50MB',
    });
  });
});
