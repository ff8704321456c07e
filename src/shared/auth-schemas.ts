import * as v from 'valibot';
import type { Role, UserStatus } from './enums';
import { LOCALES } from './enums';
import { passwordSchema } from './password-rule';

// Payloads of the auth calls, validated by the server at the edge and by the client's forms.
// Issue messages are message keys; the client localises them, the server answers them as field errors.
export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('email_required'),
  v.maxLength(254, 'email_invalid'),
  v.email('email_invalid'),
  v.toLowerCase(),
);

export const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(v.string(), v.nonEmpty('password_required'), v.maxLength(200, 'password_required')),
  rememberMe: v.optional(v.boolean(), false),
});
export type LoginInput = v.InferInput<typeof loginSchema>;

export const resetPasswordSchema = v.object({
  email: emailSchema,
  locale: v.optional(v.picklist(LOCALES)),
});
export type ResetPasswordInput = v.InferInput<typeof resetPasswordSchema>;

export const updatePasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(), v.nonEmpty('token_required'), v.maxLength(200, 'token_required')),
    password: passwordSchema,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'password_mismatch',
    ),
    ['confirmPassword'],
  ),
);
export type UpdatePasswordInput = v.InferInput<typeof updatePasswordSchema>;

export const clientErrorSchema = v.object({
  message: v.pipe(v.string(), v.maxLength(2000)),
  stack: v.optional(v.pipe(v.string(), v.maxLength(10000))),
  url: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  status: v.optional(v.number()),
});

/** Who a user is, as the signed-in user (below) and the account page (account-types.ts) show it. */
export type UserIdentity = {
  id: number;
  email: string;
  fullName: string;
  phone: string | null;
  roles: Role[];
};

// The user as `GET /api/recruiter/auth/me` answers it.
export type AuthUser = UserIdentity & {
  status: UserStatus;
  needToChangePassword: boolean;
  remainingAiNoteImprovement: number;
  locale: string;
  timezone: string;
};

export type LoginAnswer = {
  success: true;
  needToChangePassword: boolean;
  token: string | null;
  accessToken: string | null;
  refreshToken: string | null;
};

/** `refreshToken` is null when the app asked for it in its HttpOnly cookie (constants: TOKEN_STORAGE_HEADER). */
export type RefreshAnswer = { success: true; accessToken: string; refreshToken: string | null };
