import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { untilFound } from './wait';

/** The decoded text of every e-mail to `to` the server wrote under DATA_DIR/mail, newest first. */
function mailsTo(dataDir: string, to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'mail')).sort().reverse();
  } catch {
    return [];
  }
  const toLine = new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi');
  return files
    .map((file) => readFileSync(path.join(dataDir, 'mail', file), 'latin1'))
    .filter((raw) => toLine.test(raw))
    .map((raw) =>
      // Quoted-printable: soft line breaks, then =XX bytes read as UTF-8.
      Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

/** The link to `linkPath` (e.g. /talent/consent) in the newest e-mail to `to`, waiting for the mail worker. */
export async function linkInMail(dataDir: string, to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]*${linkPath}\\?token=[A-Za-z0-9_-]+`);
  return untilFound(
    async () => {
      for (const text of mailsTo(dataDir, to)) {
        const found = text.match(pattern)?.[0];
        if (found) return found;
      }
      return null;
    },
    `an e-mail to ${to} with ${linkPath}`,
    30_000,
  );
}
