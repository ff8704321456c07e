import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import {
  isJsxAttribute,
  isJsxElement,
  isJsxExpression,
  isJsxFragment,
  isJsxText,
  isNoSubstitutionTemplateLiteral,
  isStringLiteral,
} from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { admin_hiring_call_proof_count } from '#src/paraglide/messages/admin_hiring_call_proof_count.js';
import { admin_payments_referral_count } from '#src/paraglide/messages/admin_payments_referral_count.js';
import { talent_years_value } from '#src/paraglide/messages/talent_years_value.js';

// The three catalogues say the same things, and what the screens say comes from them: no component
// renders a user-facing literal (it would stay English in Malay and Chinese).

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['en', 'ms', 'zh'] as const;

function catalogue(locale: (typeof LOCALES)[number]): Record<string, unknown> {
  const all = JSON.parse(readFileSync(path.join(ROOT, 'messages', `${locale}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  const { $schema: _schema, ...messages } = all;
  return messages;
}

/**
 * The texts of a message: itself when it is a string, or each variant of one with plural (or other)
 * variants (inlang message format: `[{ declarations, selectors, match: { "countPlural=one": "…" } }]`).
 */
function textsOf(message: unknown): string[] {
  if (typeof message === 'string') return [message];
  if (!Array.isArray(message)) return [];
  return message.flatMap((variant: { match?: Record<string, unknown> }) =>
    Object.values(variant?.match ?? {}).filter((text): text is string => typeof text === 'string'),
  );
}

const placeholders = (message: unknown) =>
  [...new Set(textsOf(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])))].sort();

describe('the message catalogues', () => {
  const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogue(locale)])) as Record<
    (typeof LOCALES)[number],
    Record<string, unknown>
  >;
  const english = Object.keys(catalogues.en).sort();

  it.each(['ms', 'zh'] as const)('%s has exactly the keys of en', (locale) => {
    const keys = Object.keys(catalogues[locale]).sort();
    expect(
      english.filter((key) => !keys.includes(key)),
      `keys of en.json missing from ${locale}.json`,
    ).toEqual([]);
    expect(
      keys.filter((key) => !english.includes(key)),
      `keys of ${locale}.json that en.json lacks`,
    ).toEqual([]);
  });

  it.each(LOCALES)('%s has a non-empty text for every key', (locale) => {
    const empty = Object.entries(catalogues[locale])
      .filter(([, message]) => {
        const texts = textsOf(message);
        return texts.length === 0 || texts.some((text) => text.trim() === '');
      })
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  // A message no code names is a text nobody sees, still translated and reviewed: it goes.
  it('every message is used by the app (its key appears in src or the service worker, outside the compiled catalogue)', () => {
    const words = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'paraglide') walk(full);
        } else if (/\.tsx?$/.test(entry.name)) {
          for (const word of readFileSync(full, 'utf8').match(/\w+/g) ?? []) words.add(word);
        }
      }
    };
    walk(path.join(ROOT, 'src'));
    // The service worker writes some notifications itself (sw/push.ts, sw/outbox-attention.ts).
    walk(path.join(ROOT, 'sw'));
    expect(Object.keys(catalogue('en')).filter((key) => !words.has(key))).toEqual([]);
  });

  it('every key has the same placeholders in the three languages', () => {
    const differing = english.flatMap((key) => {
      const expected = placeholders(catalogues.en[key]);
      return (['ms', 'zh'] as const)
        .filter((locale) => key in catalogues[locale])
        .filter((locale) => placeholders(catalogues[locale][key]).join() !== expected.join())
        .map(
          (locale) =>
            `${key}: en {${expected.join('}, {')}} ≠ ${locale} {${placeholders(catalogues[locale][key]).join('}, {')}}`,
        );
    });
    expect(differing).toEqual([]);
  });

  it('Malay and Chinese are translations, not English copies', () => {
    const copies = english.flatMap((key) => {
      const en = textsOf(catalogues.en[key]).join(' ');
      // Placeholders and symbols alone ("{used} / {quota}") have nothing to translate.
      if (!/\p{L}{2}/u.test(en.replace(/\{\w+\}/g, ''))) return [];
      return (['ms', 'zh'] as const)
        .filter((locale) => textsOf(catalogues[locale][key]).join(' ') === en)
        .filter((locale) => !SAME_TEXT.some((entry) => entry.key === key && entry.locales.includes(locale)))
        .map((locale) => `${locale}: ${key} "${en}"`);
    });
    expect(copies).toEqual([]);
  });

  it('an English count followed by a noun has a singular and a plural variant ("1 proof", "2 proofs")', () => {
    const unpluralised = english.filter(
      (key) =>
        typeof catalogues.en[key] === 'string' &&
        !FIXED_COUNTS.includes(key) &&
        /\{(count|years|days|hours|minutes|referrals|total|n)\} [a-z]+s\b/.test(String(catalogues.en[key])),
    );
    expect(unpluralised).toEqual([]);
  });
});

describe('messages with a count', () => {
  it('say one thing in the singular and more in the plural, in each language', () => {
    expect(admin_hiring_call_proof_count({ count: '1' }, { locale: 'en' })).toBe('1 proof');
    expect(admin_hiring_call_proof_count({ count: '3' }, { locale: 'en' })).toBe('3 proofs');
    expect(admin_payments_referral_count({ count: '1' }, { locale: 'en' })).toBe('1 referral');
    expect(talent_years_value({ years: '1' }, { locale: 'en' })).toBe('1 year');
    // Malay and Chinese have no plural forms: one text serves every number.
    expect(admin_payments_referral_count({ count: '1' }, { locale: 'ms' })).toBe('1 rujukan');
    expect(admin_payments_referral_count({ count: '2' }, { locale: 'zh' })).toBe('2 个推荐');
  });
});

describe('one term per concept in each language', () => {
  // The words the product settled on (a talent is "calon" in Malay and 人才 in Chinese, a promo 促销, a
  // referral "rujukan"); the words here are the other ones that crept in before.
  const OFF_GLOSSARY: Record<'ms' | 'zh', { word: RegExp; use: string }[]> = {
    ms: [
      { word: /\bbakat\b/i, use: 'calon (talent)' },
      { word: /\bcadangan (anda|tersebut|dibuat)\b/i, use: 'rujukan (referral)' },
    ],
    zh: [
      { word: /候选人/, use: '人才 (talent)' },
      { word: /推广/, use: '促销 (promo)' },
    ],
  };
  it.each(['ms', 'zh'] as const)('%s uses the glossary word everywhere', (locale) => {
    const all = catalogue(locale);
    const strays = Object.entries(all).flatMap(([key, message]) =>
      OFF_GLOSSARY[locale]
        .filter(({ word }) => textsOf(message).some((text) => word.test(text)))
        .map(({ word, use }) => `${key}: ${word} → ${use}`),
    );
    expect(strays).toEqual([]);
  });
});

/** English texts with a count and a plural noun that are right as they are. */
const FIXED_COUNTS = [
  // Only used for two or more: a separate key says "1 item".
  'outbox_badge_many',
  'outbox_logout_warning_many',
  // Constants of the product (a link lives 72 hours, a reset link 30 minutes), never 1.
  'email_consent_expiry',
  'email_reset_expiry',
];

/** Texts that are the English ones on purpose, each with its reason. */
const SAME_TEXT: { key: string; locales: ('ms' | 'zh')[]; reason: string }[] = [
  { key: 'app_name', locales: ['ms', 'zh'], reason: 'the brand name' },
  { key: 'common_support_email', locales: ['ms', 'zh'], reason: 'an e-mail address' },
  { key: 'auth_email_placeholder', locales: ['zh'], reason: 'an example e-mail address, Latin in Chinese too' },
  { key: 'lang_en', locales: ['ms', 'zh'], reason: 'a language is named in itself in the language switcher' },
  { key: 'lang_ms', locales: ['ms', 'zh'], reason: 'a language is named in itself in the language switcher' },
  { key: 'lang_zh', locales: ['ms', 'zh'], reason: 'a language is named in itself in the language switcher' },
  ...[
    'admin_payments_col_status',
    'admin_recruiters_col_states',
    'admin_recruiters_col_status',
    'admin_recruiters_status_label',
    'admin_tasks_col_status',
  ].map((key) => ({ key, locales: ['ms' as const], reason: '"Status" is the Malay word too' })),
  { key: 'admin_promo_col_bonus', locales: ['ms'], reason: '"Bonus" is the Malay word too' },
  { key: 'education_diploma', locales: ['ms'], reason: '"Diploma" is the Malay word too' },
  { key: 'talent_outbox_resume', locales: ['ms'], reason: '"Resume" is the Malay word too' },
  { key: 'admin_hiring_cv', locales: ['ms'], reason: '"CV" is the Malay abbreviation too' },
  ...[
    'johor',
    'kedah',
    'kelantan',
    'melaka',
    'negeri_sembilan',
    'pahang',
    'perak',
    'perlis',
    'sabah',
    'sarawak',
    'selangor',
    'terengganu',
  ].map((state) => ({
    key: `payee_state_${state}`,
    locales: ['ms' as const],
    reason: "a Malaysian state's name is the same in Malay and English",
  })),
];

// ---------------------------------------------------------------------------------------------------

/** JSX attributes whose text reaches the user (read aloud or shown). */
const USER_FACING_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'summary',
  'caption',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);

/**
 * Texts with letters that are not words a translator would touch, each with its reason. (Texts without
 * letters, such as "·", "—", "×" and "%", are symbols: never reported. Class names, test ids and icon
 * names are in attributes that are not user-facing: not read.)
 */
const ALLOWED_LITERALS: { text: string | RegExp; reason: string }[] = [
  { text: 'Recruiter', reason: 'the brand name, the same in every language' },
];

type Literal = { file: string; line: number; where: string; text: string };

/** Texts without letters the scan met: proof that it reads the JSX it should. */
const symbolsSeen = new Set<string>();

const hasLetters = (text: string) => /\p{L}/u.test(text);
const allowed = (text: string) =>
  ALLOWED_LITERALS.some((entry) => (typeof entry.text === 'string' ? entry.text === text : entry.text.test(text)));
const stringOf = (node: Node | undefined): string | null =>
  node && (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

function literalsIn(source: SourceFile): Literal[] {
  const lineStarts = source.getLineStarts();
  const found: Literal[] = [];
  const add = (node: Node, where: string, raw: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text && !hasLetters(text)) symbolsSeen.add(text);
    if (!text || !hasLetters(text) || allowed(text)) return;
    const start = node.getStart(source);
    found.push({
      file: path.relative(ROOT, source.fileName),
      line: lineStarts.filter((lineStart) => lineStart <= start).length,
      where,
      text,
    });
  };
  const visit = (node: Node): undefined => {
    if (isJsxText(node)) add(node, 'text', node.text);
    // {'a literal'} as a child of an element.
    if (isJsxExpression(node) && (isJsxElement(node.parent) || isJsxFragment(node.parent))) {
      const text = stringOf(node.expression);
      if (text !== null) add(node, 'text', text);
    }
    if (isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (USER_FACING_ATTRIBUTES.has(name)) {
        const init = node.initializer;
        const text = init && isJsxExpression(init) ? stringOf(init.expression) : stringOf(init);
        if (text !== null) add(node, name, text);
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('the components', () => {
  // TypeScript 7's compiler API: the project's own program (tsconfig.json), parsed by the native compiler.
  const api = new API({ cwd: ROOT });
  afterAll(() => api.close());

  it('render no user-facing literal: every text comes from messages', () => {
    const snapshot = api.updateSnapshot({ openProjects: [path.join(ROOT, 'tsconfig.json')] });
    const program = snapshot.getProjects()[0]?.program;
    if (!program) throw new Error('tsconfig.json has no project');
    const files = program
      .getSourceFileNames()
      .filter((file) => file.startsWith(`${path.join(ROOT, 'src')}/`) && file.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(50);
    const literals = files.flatMap((file) => {
      const source = program.getSourceFile(file);
      return source ? literalsIn(source) : [];
    });
    // The scan reads JSX text: it met the remove button's "×" of the skills input.
    expect([...symbolsSeen]).toContain('×');
    expect(literals.map((literal) => `${literal.file}:${literal.line} ${literal.where}: "${literal.text}"`)).toEqual(
      [],
    );
  });
});
