import { useEffect, useState } from 'react';
import { toast } from '#src/components/toast/toast-store.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { fetchFileBlob } from '#src/lib/files.ts';

export type FileKind = 'image' | 'audio' | 'pdf';
export type FilePreview = { url: string; kind: FileKind };

/** What a stored file can be shown as in the page (or, a PDF, in a new tab); null when it cannot. */
export function fileKind(mimeType: string): FileKind | null {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType === 'application/pdf') return 'pdf';
  return null;
}

// A call proof's file, fetched with the bearer token on demand and held as an object URL while the card
// shows it (revoked when it goes). A PDF opens in a new tab instead, its URL revoked a minute later. Always
// asked for inline: the record of access then says the file was viewed, not downloaded (issue 42.19).
export function useFilePreview(fileId: number) {
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  async function show(kind: FileKind | null) {
    if (!kind) return;
    setLoading(true);
    try {
      const blob = await fetchFileBlob(fileId, 'inline');
      const url = URL.createObjectURL(blob);
      if (kind === 'pdf') {
        window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        setPreview({ url, kind });
      }
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  }

  return { preview, loading, show };
}
