import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_BASE_URL, e2eDataDir } from './e2e-env';

/** The link in the newest e-mail to `to` that the server wrote under DATA_DIR/mail. */
export async function linkInMail(to: string, linkPath: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(dir).sort().reverse();
          } catch {
            return [];
          }
        })();
        for (const file of files) {
          const raw = readFileSync(path.join(dir, file), 'utf8');
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
          // Quoted-printable: soft line breaks and =3D.
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
          link = text.match(new RegExp(`${E2E_BASE_URL}[^\\s"<>]*${linkPath}\\?token=[A-Za-z0-9_-]+`))?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 20_000, message: `an e-mail to ${to} with ${linkPath}` },
    )
    .toBe(true);
  return link as string;
}
