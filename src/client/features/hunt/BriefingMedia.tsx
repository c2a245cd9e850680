// The briefing's cover photo and video. A picture that fails to load is hidden;
// a video that cannot play is hidden and says 'Video Loading Failed' (spec, section 8).
import { Alert, Image } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useState } from 'react';

export function CoverPhoto({ url, alt }: { url: string | null | undefined; alt: string }) {
  // Remembered per URL, so a new photo gets its own chance.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (!url || brokenUrl === url) return null;
  return (
    <Image src={url} alt={alt} radius="md" mah={220} fit="cover" onError={() => setBrokenUrl(url)} data-testid="briefing-cover" />
  );
}

export function BriefingVideo({ url, title }: { url: string | null | undefined; title: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url) return null;
  if (failedUrl === url) {
    return (
      <Alert color="orange" icon={<IconVideoOff size={18} aria-hidden />} title="Video Loading Failed" role="status">
        The briefing video could not be played.
      </Alert>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploaded briefing videos carry no caption track
    <video
      src={url}
      controls
      playsInline
      preload="metadata"
      aria-label={`Briefing video: ${title}`}
      onError={() => setFailedUrl(url)}
      style={{ width: '100%', maxHeight: 260, borderRadius: 8, background: '#000' }}
      data-testid="briefing-video"
    />
  );
}
