import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '#src/features/auth/components/login-page.tsx';
import { loginSearch } from '#src/features/auth/search.ts';

export const Route = createFileRoute('/_guest/login')({
  validateSearch: loginSearch,
  component: LoginScreen,
});
