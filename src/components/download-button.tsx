import { useState } from 'react';
import { toast } from '#src/components/toast/toast-store.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { saveBlob } from '#src/lib/files.ts';

/** A button that fetches a file (a CSV, a PDF) and saves it, busy while it loads; a failure says why in a toast. */
export function DownloadButton({
  label,
  download,
  // A long label wraps rather than run off a phone ("Muat turun semua borang yang dikeluarkan (ZIP)" made
  // Admin › Paperwork 377 px wide at 360).
  className = 'btn btn-sm h-auto min-h-8 max-w-full whitespace-normal',
}: {
  label: string;
  download: () => Promise<{ blob: Blob; name: string }>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const { blob, name } = await download();
      saveBlob(blob, name);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={className} onClick={save} disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {label}
    </button>
  );
}
