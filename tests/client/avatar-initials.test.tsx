import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initials } from '#src/components/layout/initials.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { m } from '#src/paraglide/messages.js';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The account menu's avatar must never read "AI", like the AI helper (issue 21).
const server = inProcessApiForFile();

afterEach(() => {
  cleanup();
  clearAuthTokens();
});

describe('the avatar', () => {
  it('of "Ahmad Faizal Ibrahim" reads AF in the shell, not AI', async () => {
    await server.signIn(await server.createUser({ fullName: 'Ahmad Faizal Ibrahim' }));
    renderAppAt('/account');
    await screen.findByRole('heading', { level: 1, name: m.title_account() });
    const [name] = await screen.findAllByText('Ahmad Faizal Ibrahim');
    const avatar = name?.previousElementSibling;
    expect(avatar?.textContent).toBe('AF');
    expect(screen.queryByText('AI')).toBeNull();
  });

  it('takes the first letters of the first two words, and never spells AI', () => {
    expect(initials('Aisyah Rahman')).toBe('AR');
    expect(initials('Ahmad Faizal Ibrahim')).toBe('AF');
    expect(initials('Ahmad Ismail')).toBe('A');
    expect(initials('  lim  ')).toBe('L');
    expect(initials('')).toBe('?');
  });
});
