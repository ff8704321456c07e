import type { ErrorCode } from './error-codes';

// The JSON shapes every API answer takes (PRODUCT.md, "Calls").
export type ApiSuccess<T> = { success: true; data: T };
export type ApiErrorBody = {
  success: false;
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; requestId?: string };
};
export type ListPage<T> = { items: T[]; page: number; pageSize: number; total: number };
