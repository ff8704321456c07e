import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSharedFile,
  peekSharedFile,
  putSharedFile,
  type SharedFile,
  takeSharedFile,
} from '#src/lib/shared-file.ts';
import { useSharedFileOnce } from '#src/lib/use-shared-file-once.ts';

function sharedPdf(name: string, bytes: number[]): SharedFile {
  return {
    name,
    type: 'application/pdf',
    data: new Uint8Array(bytes).buffer,
    receivedAt: new Date().toISOString(),
  };
}

const bytesOf = (data: ArrayBuffer | undefined) => (data ? [...new Uint8Array(data)] : undefined);

beforeEach(async () => {
  await clearSharedFile();
});

describe('the shared file held for the share page', () => {
  it('keeps the bytes as they arrived, and the page can look at them without taking them', async () => {
    await putSharedFile(sharedPdf('cv.pdf', [0x25, 0x50, 0x44, 0x46, 0, 255]));
    const seen = await peekSharedFile();
    expect(seen?.name).toBe('cv.pdf');
    expect(seen?.type).toBe('application/pdf');
    expect(bytesOf(seen?.data)).toEqual([0x25, 0x50, 0x44, 0x46, 0, 255]);
    expect((await peekSharedFile())?.name).toBe('cv.pdf');
  });

  it('holds one file: a newer share replaces one not taken yet', async () => {
    await putSharedFile(sharedPdf('old.pdf', [1]));
    await putSharedFile(sharedPdf('new.pdf', [2, 3]));
    expect((await peekSharedFile())?.name).toBe('new.pdf');
  });

  it('is taken once: the second take finds nothing', async () => {
    await putSharedFile(sharedPdf('cv.pdf', [7, 8, 9]));
    const [first, second] = await Promise.all([takeSharedFile(), takeSharedFile()]);
    expect(bytesOf(first?.data)).toEqual([7, 8, 9]);
    expect(second).toBeUndefined();
    expect(await peekSharedFile()).toBeUndefined();
  });

  it('is forgotten on cancel', async () => {
    await putSharedFile(sharedPdf('cv.pdf', [1]));
    await clearSharedFile();
    expect(await peekSharedFile()).toBeUndefined();
    expect(await takeSharedFile()).toBeUndefined();
  });
});

describe('useSharedFileOnce', () => {
  it('hands the shared file to drop-resume once, even under strict mode, and leaves none behind', async () => {
    await putSharedFile(sharedPdf('cv.pdf', [4, 5, 6]));
    const { result } = renderHook(() => useSharedFileOnce(true), { wrapper: StrictMode });
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(result.current?.name).toBe('cv.pdf');
    expect(result.current?.type).toBe('application/pdf');
    expect(bytesOf(result.current?.data)).toEqual([4, 5, 6]);
    expect(await peekSharedFile()).toBeUndefined();
  });

  it('leaves the file alone when the page did not come from a share', async () => {
    await putSharedFile(sharedPdf('cv.pdf', [1]));
    const { result } = renderHook(() => useSharedFileOnce(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeNull();
    expect((await peekSharedFile())?.name).toBe('cv.pdf');
  });

  it('gives null when nothing was shared', async () => {
    const { result } = renderHook(() => useSharedFileOnce(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeNull();
  });
});
