import { useSyncExternalStore } from 'react';
import { TOAST_TIMEOUT_MS } from '#src/shared/constants.ts';

// A tiny notification store: any code (mutations, the api client, components) calls
// toast.success/error/info(message); <Toaster /> in the root route shows them.
export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string; timeoutMs: number };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

// At most this many at once, the oldest going first: an admin deciding a dozen referrals in a row got a
// column of toasts over the table they were working in.
export const TOASTS_SHOWN = 3;

function push(kind: ToastKind, message: string, timeoutMs = TOAST_TIMEOUT_MS): number {
  const id = nextId++;
  // The same message again replaces the one shown (with a new countdown) instead of stacking a copy.
  const others = toasts.filter((item) => item.kind !== kind || item.message !== message);
  toasts = [...others, { id, kind, message, timeoutMs }].slice(-TOASTS_SHOWN);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  const remaining = toasts.filter((item) => item.id !== id);
  if (remaining.length === toasts.length) return;
  toasts = remaining;
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export const toast = {
  success: (message: string, timeoutMs?: number) => push('success', message, timeoutMs),
  error: (message: string, timeoutMs?: number) => push('error', message, timeoutMs),
  info: (message: string, timeoutMs?: number) => push('info', message, timeoutMs),
  dismiss: dismissToast,
};

export function getToasts(): readonly Toast[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
