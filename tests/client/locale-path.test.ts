import { describe, expect, it } from 'vitest';
import { localizeUrl } from '#src/paraglide/runtime.js';
import { LOCALES } from '#src/shared/enums.ts';
import { localePath, pathWithoutLocale } from '#src/shared/locale-path.ts';

// The server and the first screen write and read language prefixes without the router: they must agree
// with the router's own localizeUrl for every language we have (a fourth one added to enums.ts would
// fail here until these learn it).
describe('locale paths', () => {
  it('write an address as the router does, in every language', () => {
    for (const locale of LOCALES) {
      for (const path of ['/', '/talent/consent', '/privacy-policy']) {
        const routers = new URL(localizeUrl(`http://x${path}`, { locale })).pathname;
        expect(localePath(path, locale), `${path} in ${locale}`).toBe(routers);
        expect(pathWithoutLocale(localePath(path, locale)), `${path} back from ${locale}`).toBe(path);
      }
    }
  });

  it('leave a path that only starts like a language alone', () => {
    expect(pathWithoutLocale('/msg/1')).toBe('/msg/1');
    expect(pathWithoutLocale('/zh')).toBe('/zh');
  });
});
