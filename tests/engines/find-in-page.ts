// Runs IN THE PAGE (serialised by the drivers): finds one visible element by role and accessible name,
// or by CSS selector or label text. Kept free of imports and closures so every engine can ship it.
export const FIND_IN_PAGE = `
(function find(spec) {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const labelOf = (el) => {
    const aria = el.getAttribute('aria-label');
    if (aria) return norm(aria);
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(by.split(/\\s+/).map((id) => document.getElementById(id)?.textContent).join(' '));
    if (el.labels && el.labels.length) return norm(el.labels[0].textContent);
    if (el.tagName === 'INPUT' && (el.type === 'submit' || el.type === 'button')) return norm(el.value);
    return norm(el.textContent);
  };
  const matches = (name) => {
    if (spec.pattern) return new RegExp(spec.pattern, spec.flags).test(name);
    return name === norm(spec.name);
  };
  if (spec.css) {
    const all = [...document.querySelectorAll(spec.css)];
    return all.find(visible) || all[0] || null;
  }
  if (spec.label) {
    // An exact label first, then one that starts with the text (a label may hold a hint after it).
    const labels = [...document.querySelectorAll('label')];
    const exact = labels.filter((label) => norm(label.textContent) === norm(spec.label));
    const prefix = labels.filter((label) => norm(label.textContent).startsWith(norm(spec.label)));
    for (const label of [...exact, ...prefix]) {
      const control = label.control || label.querySelector('input, select, textarea');
      if (control && (visible(control) || visible(label))) return control;
    }
    return null;
  }
  const selectors = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    radio: 'input[type="radio"], [role="radio"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    tab: '[role="tab"]',
  };
  // While a modal dialog is open, only what is in it can be reached (as for a user): the page under it
  // may hold a control of the same name (the board's "Join task" under the task's dialog).
  const modals = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].filter(visible);
  const scope = modals[modals.length - 1] || document;
  const candidates = [...scope.querySelectorAll(selectors[spec.role])].filter((el) => matches(labelOf(el)));
  // Radios and checkboxes are often visually hidden behind their label: accept them when not visible.
  return candidates.find(visible) || (spec.role === 'radio' || spec.role === 'checkbox' ? candidates[0] : null) || null;
})`;

export type FindSpec =
  | { css: string }
  | { label: string }
  | { role: string; name?: string; pattern?: string; flags?: string };

export function specOf(target: string | { label: string }): FindSpec {
  return typeof target === 'string' ? { css: target } : { label: target.label };
}

export function roleSpec(role: string, name: string | RegExp): FindSpec {
  return typeof name === 'string' ? { role, name } : { role, pattern: name.source, flags: name.flags };
}

/** Sets a <select> to the option with this value (or whose text contains it) the way React notices. */
export const SELECT_IN_PAGE = `
(function select(el, wanted) {
  const option = [...el.options].find((o) => o.value === wanted) || [...el.options].find((o) => o.text.includes(wanted));
  if (!option) throw new Error('no option ' + wanted);
  const value = option.value;
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
})`;
