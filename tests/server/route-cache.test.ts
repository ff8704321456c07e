// @vitest-environment node
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { RouteCache } from '#src/server/route-cache.ts';

// RouteCache (src/server/route-cache.ts) answers what the router it wraps answers, from the second
// match of a method and path on without asking it again.

const ROUTES: [string, string, string][] = [
  ['ALL', '*', 'basics'],
  ['ALL', '/api/*', 'api'],
  ['GET', '/api/recruiter/task/promos', 'promos'],
  ['GET', '/api/recruiter/task/promo/:id', 'promo'],
  ['GET', '/api/recruiter/task/:id', 'task'],
  ['POST', '/api/recruiter/task/:id/join', 'join'],
];
const PATHS: [string, string][] = [
  ['GET', '/api/recruiter/task/promos'],
  ['GET', '/api/recruiter/task/promo/7'],
  ['GET', '/api/recruiter/task/12'],
  ['POST', '/api/recruiter/task/12/join'],
  ['POST', '/api/recruiter/task/12'],
  ['GET', '/'],
  ['GET', `/api/${'x'.repeat(300)}`],
];

function both() {
  const plain = new TrieRouter<string>();
  const counted = new TrieRouter<string>();
  let asked = 0;
  const match = counted.match.bind(counted);
  counted.match = (method, path) => {
    asked += 1;
    return match(method, path);
  };
  const cached = new RouteCache<string>(counted);
  for (const [method, path, handler] of ROUTES) {
    plain.add(method, path, handler);
    cached.add(method, path, handler);
  }
  return { plain, cached, asked: () => asked };
}

describe('RouteCache', () => {
  it('matches as the router it wraps, and asks it once per method and path', () => {
    const { plain, cached, asked } = both();
    for (const [method, path] of PATHS) expect(cached.match(method, path), path).toEqual(plain.match(method, path));
    const first = asked();
    for (const [method, path] of PATHS) expect(cached.match(method, path), path).toEqual(plain.match(method, path));
    // Only the long path (over 256 characters) is matched again.
    expect(asked()).toBe(first + 1);
    expect(cached.match('GET', '/api/recruiter/task/12')).toBe(cached.match('GET', '/api/recruiter/task/12'));
  });

  it('forgets its matches when a route is added', () => {
    const { plain, cached } = both();
    expect(cached.match('GET', '/api/recruiter/task/12/referrals')[0].map(([handler]) => handler)).toEqual([
      'basics',
      'api',
    ]);
    plain.add('GET', '/api/recruiter/task/:id/referrals', 'referrals');
    cached.add('GET', '/api/recruiter/task/:id/referrals', 'referrals');
    expect(cached.match('GET', '/api/recruiter/task/12/referrals')).toEqual(
      plain.match('GET', '/api/recruiter/task/12/referrals'),
    );
  });

  it('stays right past the number of matches it keeps', () => {
    const { plain, cached } = both();
    for (let id = 0; id < 2500; id += 1) {
      const path = `/api/recruiter/task/${id}`;
      expect(cached.match('GET', path)).toEqual(plain.match('GET', path));
    }
    expect(cached.match('GET', '/api/recruiter/task/3')).toEqual(plain.match('GET', '/api/recruiter/task/3'));
  });
});
