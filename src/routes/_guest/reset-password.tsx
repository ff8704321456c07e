import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '#src/features/auth/components/reset-password-page.tsx';

export const Route = createFileRoute('/_guest/reset-password')({
  component: ResetPasswordScreen,
});
