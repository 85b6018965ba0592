import { useEffect, useState } from 'react';
import { requestRaw } from '../../src/api/client';

export type ScreenshotState = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' };

/**
 * A message's screenshot as an object URL. The image route needs the bearer token, which an <img src> cannot
 * send and which must never sit in a URL, so the bytes are fetched here and handed to the image as a blob.
 * The URL is revoked when the view unmounts or shows another message.
 */
export function useScreenshotUrl(messageId: string): ScreenshotState {
  const [result, setResult] = useState<ScreenshotState>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    setResult({ state: 'loading' });
    requestRaw(`/admin/messages/${encodeURIComponent(messageId)}/screenshot`, {
      headers: { Accept: 'image/png, image/jpeg' },
      signal: abort.signal,
    })
      .then(({ response }) => response.blob())
      .then((blob) => {
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setResult({ state: 'ready', url });
      })
      .catch(() => {
        if (!abort.signal.aborted) setResult({ state: 'failed' });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [messageId]);
  return result;
}
