import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

// Matches kept: clients call the same few paths again and again (the session check, the lists). Past
// KEPT all are forgotten at once, and the paths in use come back at their next call: paths that never
// repeat (a scanner, one file id after another) cost a full match now and then, never unbounded
// memory. Longer paths are matched every time.
const KEPT = 1000;
const KEPT_PATH_LENGTH = 256;

/**
 * Hono's router (the SmartRouter Hono makes by default) with the match of each method and path kept.
 * Our routes take the TrieRouter (RegExpRouter refuses `/task/promo/:id` beside `/task/:id/join`),
 * whose search walks every middleware's wildcard too: ~4% of a small call's CPU (bench), for an
 * answer that only a new route could change. The match (handlers and the path's raw parameters) is
 * only read by Hono, never changed, so one serves every request for that path. Adding a route
 * forgets every kept match.
 */
export class RouteCache<T> implements Router<T> {
  #router: Router<T>;
  // Per method, per path: no key to build (and hash) per request. `#size` counts them all.
  #kept = new Map<string, Map<string, Result<T>>>();
  #size = 0;

  constructor(router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#router = router;
  }

  get name(): string {
    return `RouteCache + ${this.#router.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#forget();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > KEPT_PATH_LENGTH) return this.#router.match(method, path);
    let paths = this.#kept.get(method);
    let result = paths?.get(path);
    if (!result) {
      result = this.#router.match(method, path);
      if (this.#size >= KEPT) {
        this.#forget();
        paths = undefined;
      }
      if (!paths) {
        paths = new Map();
        this.#kept.set(method, paths);
      }
      paths.set(path, result);
      this.#size += 1;
    }
    return result;
  }

  #forget() {
    this.#kept.clear();
    this.#size = 0;
  }
}
