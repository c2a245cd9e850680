// How the edit dialogs describe a file already stored: its name as uploaded and
// its size ("Current model: T-rex.glb (2.9 MB)"), never the server-made name.
import { useEffect, useState } from 'react';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The stored file's size from a HEAD request, or null while unknown (or if the server does not say). */
export function useFileSize(url: string | null | undefined): number | null {
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { method: 'HEAD', credentials: 'same-origin', signal: controller.signal })
      .then((res) => {
        const length = Number(res.headers.get('content-length'));
        if (res.ok && Number.isFinite(length) && length > 0) setSize(length);
      })
      .catch(() => {
        // The size is a nicety: without it the name alone is shown.
      });
    return () => controller.abort();
  }, [url]);
  return size;
}

/**
 * "Current model: T-rex.glb (2.9 MB)". Without a known name (an older upload),
 * the kind of file is named instead: "Current model: a .glb file".
 */
export function describeCurrentFile(what: string, url: string, fileName: string | null, size: number | null): string {
  const extension = url.split('?')[0]?.split('.').pop()?.toLowerCase();
  const name = fileName ?? (extension ? `a .${extension} file` : 'a file');
  return `Current ${what}: ${name}${size !== null ? ` (${formatBytes(size)})` : ''}`;
}
