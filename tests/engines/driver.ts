// The few things a journey does in a browser, the same for every engine, so one journey file drives
// WebKit (Selenium, classic WebDriver), Firefox (Puppeteer, WebDriver BiDi) and Chromium (Playwright).
// Elements are found by role and accessible text or by label, in the page itself (find-in-page.ts),
// because the engines' own locator languages differ.
export type Role = 'button' | 'link' | 'radio' | 'checkbox' | 'heading' | 'tab';

export interface Driver {
  /** Opens a path of the app (or a full URL, e.g. a link read from an e-mail). */
  goto(pathOrUrl: string): Promise<void>;
  /** Types into the input or textarea found by CSS selector or, with `{ label }`, by its label's text. */
  fill(target: Target, value: string): Promise<void>;
  /** Picks the option with this value in a <select>. */
  select(target: Target, value: string): Promise<void>;
  /** Puts a file from disk into a file input. */
  upload(target: Target, file: string): Promise<void>;
  /** Clicks the visible element with this role whose accessible name is (or, for a RegExp, matches) `name`. */
  click(role: Role, name: string | RegExp): Promise<void>;
  /** Clicks the element found by CSS selector or label (checkboxes, radios). */
  clickAt(target: Target): Promise<void>;
  /** The visible text of the whole page. */
  text(): Promise<string>;
  /** Whether a service worker controls the page (the app's worker, once installed, answers its navigations). */
  workerControls(): Promise<boolean>;
  /** The value of an input. */
  value(target: Target): Promise<string>;
  /** The current URL. */
  url(): Promise<string>;
  setViewport(width: number, height: number): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export type Target = string | { label: string };

export type EngineName = 'webkit' | 'firefox' | 'chromium';
