// The client's checks on a media file before it is uploaded (spec section 5):
// the server judges the content again; these only spare a hunter a wasted upload.
import { MAX_MEDIA_BYTES } from '../../../domain/rules';
import { COMMS_NOTICES } from './commsNotices';

export type MediaFileProblem = { title: string; description?: string };

/** What a picker should offer: jpeg photos and mp4 videos. */
export const MEDIA_ACCEPT = 'image/jpeg,.jpg,.jpeg,video/mp4,.mp4';
export const PHOTO_ACCEPT = 'image/jpeg';
export const VIDEO_ACCEPT = 'video/mp4';

const JPEG = /\.jpe?g$/i;
const MP4 = /\.mp4$/i;

export function mediaKind(file: Pick<File, 'name' | 'type'>): 'image' | 'video' | null {
  if (file.type === 'image/jpeg' || (!file.type && JPEG.test(file.name))) return 'image';
  if (file.type === 'video/mp4' || (!file.type && MP4.test(file.name))) return 'video';
  return null;
}

/** null when the file may be uploaded; otherwise the spec's notice. */
export function checkMediaFile(file: Pick<File, 'name' | 'type' | 'size'> | null): MediaFileProblem | null {
  if (!file) return { title: COMMS_NOTICES.noFile };
  if (!mediaKind(file)) return { title: COMMS_NOTICES.invalidTypeTitle, description: COMMS_NOTICES.invalidType };
  if (file.size > MAX_MEDIA_BYTES) return { title: COMMS_NOTICES.tooLargeTitle, description: COMMS_NOTICES.tooLarge };
  return null;
}
