import { apiFetch } from './api-client';
import { AppError, toAppError } from './app-error';

// Stored files (resumes, call proofs) are read with the bearer token, never by a bare link, and saved
// or shown from a blob.

/** A stored file's bytes (`GET /api/files/:id`), as the owner or an admin may read them. */
export async function fetchFileBlob(
  fileId: number,
  disposition: 'attachment' | 'inline' = 'attachment',
): Promise<Blob> {
  let response: Response;
  try {
    response = await apiFetch(`/api/files/${fileId}?disposition=${disposition}`);
  } catch (error) {
    throw new AppError('NETWORK_ERROR', 0, (error as Error).message);
  }
  if (!response.ok) throw await toAppError(response);
  return response.blob();
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
