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

function push(kind: ToastKind, message: string, timeoutMs = TOAST_TIMEOUT_MS): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, timeoutMs }];
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
