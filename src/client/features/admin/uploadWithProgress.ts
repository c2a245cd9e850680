// Multipart upload with progress: fetch cannot report upload progress, so this
// uses XMLHttpRequest. Failures reject with ApiError carrying the server's
// `error` (and `message`), the status and the status text.
import { ApiError } from '../../lib/errors';

export type UploadProgress = { loaded: number; total: number; percent: number };

export class UploadError extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly statusText: string,
    body: unknown,
    fieldErrors: Record<string, string>,
  ) {
    super(message, status, body, fieldErrors);
  }
}

export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData,
  onProgress?: (p: UploadProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (!onProgress || !e.lengthComputable) return;
      onProgress({ loaded: e.loaded, total: e.total, percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(json as T);
        return;
      }
      const err = json as { error?: string; message?: string; data?: { fieldErrors?: Record<string, string> } } | undefined;
      const text = [err?.error, err?.message].filter(Boolean).join(': ') || xhr.responseText || 'Upload failed';
      reject(new UploadError(text, xhr.status, xhr.statusText, json, err?.data?.fieldErrors ?? {}));
    };
    xhr.onerror = () => reject(new UploadError('Network error: the upload did not reach the server', 0, 'Network Error', undefined, {}));
    xhr.onabort = () => reject(new UploadError('Upload cancelled', 0, 'Aborted', undefined, {}));
    xhr.send(body);
  });
}
