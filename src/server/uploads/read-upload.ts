import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import type { FileStorage } from '#src/server/storage/file-storage.ts';
import { newStorageKey } from '#src/server/storage/storage-key.ts';
import { CALL_PROOF_MAX_BYTES, RESUME_MAX_BYTES } from '#src/shared/constants.ts';
import { SEED_MESSAGES } from '#src/shared/error-codes.ts';
import type { FileInfo } from '#src/shared/recruiter-types.ts';

// One upload path for resumes and call proofs: the size, then the type from the file's first bytes
// (file-type). The uploaded name and Content-Type are never trusted; the name is kept only for display.
export type UploadKind = 'resume' | 'call-proof';

export type CheckedUpload = {
  bytes: Uint8Array;
  /** The detected type, e.g. application/pdf. */
  mimeType: string;
  /** The detected type's extension, without the dot. */
  extension: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** A display name: the uploaded base name, cleaned, with the detected extension. */
  name: string;
};

type Accepted = { mime: string; ext: string };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
// A phone's recorder writes MP4/3GP/WebM containers that file-type names video/*: for a call proof
// they are recordings, stored as the audio type so browsers play them with an audio element.
const AUDIO: Record<string, string> = {
  'audio/mpeg': 'audio/mpeg',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'video/mp4': 'audio/mp4',
  'audio/aac': 'audio/aac',
  'audio/ogg': 'audio/ogg',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/wav': 'audio/wav',
  'audio/webm': 'audio/webm',
  'video/webm': 'audio/webm',
  'audio/amr': 'audio/amr',
  'video/3gpp': 'audio/3gpp',
  'audio/3gpp': 'audio/3gpp',
};

function acceptResume(detected: Accepted | undefined, uploadedName: string): Accepted | null {
  if (!detected) return null;
  if (detected.mime === 'application/pdf' || detected.mime === DOCX || IMAGES.has(detected.mime)) return detected;
  // Old Word files are OLE compound files, like .xls and .msi: only the name tells them apart.
  if (detected.ext === 'cfb' && /\.doc$/i.test(uploadedName)) return { mime: 'application/msword', ext: 'doc' };
  return null;
}

function acceptCallProof(detected: Accepted | undefined): Accepted | null {
  if (!detected) return null;
  if (detected.mime === 'application/pdf' || detected.mime === 'image/gif' || IMAGES.has(detected.mime)) {
    return detected;
  }
  const audio = AUDIO[detected.mime];
  return audio ? { mime: audio, ext: detected.ext } : null;
}

// Extensions a name may already carry for a detected type (photo.jpg is a JPEG, memo.m4a an MP4).
const SAME_TYPE: Record<string, string[]> = {
  jpg: ['jpg', 'jpeg', 'jfif'],
  heic: ['heic', 'heif'],
  heif: ['heic', 'heif'],
  m4a: ['m4a', 'mp4', 'aac'],
  mp4: ['mp4', 'm4a'],
  '3gp': ['3gp', '3gpp'],
  ogg: ['ogg', 'oga', 'opus'],
  opus: ['ogg', 'oga', 'opus'],
};

/** The uploaded base name without control or path characters, ending in the detected extension. */
export function displayName(uploadedName: string, extension: string, fallback: string): string {
  const base = path.posix
    .basename(uploadedName.replace(/\\/g, '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .trim()
    .slice(-150);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if ((SAME_TYPE[extension] ?? [extension]).includes(ext)) return base;
  return `${stem || fallback}.${extension}`;
}

/**
 * Checks an uploaded file: present (400 `file_required`), at most 5,000,000 bytes (413: RESUME_TOO_LARGE
 * with the seed's message for a resume, PAYLOAD_TOO_LARGE for a call proof), and of an accepted type by
 * its magic bytes (415 UNSUPPORTED_FILE_TYPE). Resume: PDF, DOCX, DOC, JPEG/PNG/WebP/HEIC. Call proof:
 * JPEG/PNG/WebP/HEIC/GIF, MP3/M4A/AAC/OGG/WAV/WebM/AMR/3GP audio, PDF.
 */
export async function checkUpload(file: File | undefined, kind: UploadKind): Promise<CheckedUpload> {
  if (!file) throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { file: 'file_required' });
  const limit = kind === 'resume' ? RESUME_MAX_BYTES : CALL_PROOF_MAX_BYTES;
  if (file.size > limit) {
    throw kind === 'resume'
      ? new AppError('RESUME_TOO_LARGE', 413, SEED_MESSAGES.resumeTooLarge, { file: 'resume_too_large' })
      : new AppError(
          'PAYLOAD_TOO_LARGE',
          413,
          'The call proof exceeds the file size limit of 5MB. Please upload a smaller file.',
          { file: 'file_too_large' },
        );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) {
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { file: 'file_required' });
  }
  const detected = await fileTypeFromBuffer(bytes);
  const accepted = kind === 'resume' ? acceptResume(detected, file.name) : acceptCallProof(detected);
  if (!accepted) {
    const allowed =
      kind === 'resume' ? 'a PDF, DOC, DOCX or image (JPEG, PNG, WebP, HEIC)' : 'an image, an audio recording or a PDF';
    // Resumes and call proofs accept different types, so each has its own field key (and message).
    throw new AppError('UNSUPPORTED_FILE_TYPE', 415, `This file type is not supported. Please upload ${allowed}.`, {
      file: kind === 'resume' ? 'resume_type_unsupported' : 'file_type_unsupported',
    });
  }
  return {
    bytes,
    mimeType: accepted.mime,
    extension: accepted.ext,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    name: displayName(file.name, accepted.ext, kind === 'resume' ? 'resume' : 'call-proof'),
  };
}

export type StoredUpload = { id: number; storageKey: string; info: FileInfo };

/**
 * Puts the bytes under a new server key, then inserts the `files` row; when the insert fails the object
 * is deleted again, so no object is left without a row. When `db` is a transaction that can still fail
 * after this returns, the caller deletes `storageKey` from storage in its own catch.
 */
export async function storeUpload(
  db: DB,
  storage: FileStorage,
  checked: CheckedUpload,
  values: { ownerId: number; purpose: 'RESUME' | 'CALL_PROOF'; now: Date },
): Promise<StoredUpload> {
  const storageKey = newStorageKey(
    values.purpose === 'RESUME' ? 'resume' : 'call-proof',
    checked.extension,
    values.now,
  );
  await storage.put(storageKey, checked.bytes, checked.mimeType);
  try {
    const row = await db
      .insertInto('files')
      .values({
        owner_id: values.ownerId,
        purpose: values.purpose,
        original_name: checked.name,
        mime_type: checked.mimeType,
        size: checked.size,
        sha256: checked.sha256,
        storage_key: storageKey,
        created_at: values.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      storageKey,
      info: { id: row.id, name: checked.name, mimeType: checked.mimeType, size: checked.size },
    };
  } catch (error) {
    await discardStoredObject(storage, storageKey);
    throw error;
  }
}

/** Deletes an object whose row was never committed; a failure here only leaves an unused object. */
export async function discardStoredObject(storage: FileStorage, storageKey: string): Promise<void> {
  try {
    await storage.delete(storageKey);
  } catch (error) {
    logger.warn({ area: 'uploads', storageKey, error: loggedError(error) }, 'could not delete');
  }
}
