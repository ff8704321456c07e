// A Vite plugin that shortens paraglide's compiled messages (src/paraglide/messages/<key>.js) in the
// client build. Each module ends with a dispatcher of its own:
//
//   export const key = /** @type … */ ((inputs = {}, options = {}) => {
//     const locale = experimentalStaticLocale ?? options.locale ?? getLocale()
//     if (locale === "ms") return ms_key(inputs)
//     if (locale === "zh") return zh_key(inputs)
//     return en_key(inputs)
//   });
//
// ~80 bytes minified, the same in every message. It becomes a call of one shared function doing the
// same (src/lib/localized-message.ts): `export const key = localized({ ms: ms_key, zh: zh_key }, en_key)`.
// The per-locale functions stay as paraglide wrote them. A module not in that shape is left alone, and
// tests/client/compact-messages.test.ts checks that every message is compacted and answers the same.

const MESSAGE_FILE = /[\\/]src[\\/]paraglide[\\/]messages[\\/](?!_index\.js)[^\\/]+\.js$/;
const DISPATCHER =
  /export const (\w+) = \/\*\*[\s\S]*?\*\/ \(\((?:inputs(?: = \{\})?), options = \{\}\) => \{\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n((?:\tif \(locale === "[\w-]+"\) return \w+\(inputs\)\n)*)\treturn (\w+)\(inputs\)\n\}\);/;
const BRANCH = /\tif \(locale === "([\w-]+)"\) return (\w+)\(inputs\)\n/g;

// Where a compiled message (src/paraglide/messages/*.js) finds localized(). Relative, not #src/: paraglide
// puts a package.json of its own in that folder, which hides the project's import map from the files in it.
const LOCALIZED_MODULE = '../../lib/localized-message';

/** The module with its dispatcher replaced, or null when it is not in paraglide's shape. */
export function compactMessage(code) {
  const match = code.match(DISPATCHER);
  if (!match) return null;
  const [whole, key, branches, base] = match;
  const byLocale = [...branches.matchAll(BRANCH)].map(([, locale, fn]) => `${JSON.stringify(locale)}: ${fn}`);
  const call = `export const ${key} = /* @__PURE__ */ localized({ ${byLocale.join(', ')} }, ${base});`;
  return `import { localized } from '${LOCALIZED_MODULE}';\n${code.replace(whole, call)}`;
}

export function compactMessages() {
  return {
    name: 'recruiter:compact-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!MESSAGE_FILE.test(id.split('?')[0])) return null;
      const compacted = compactMessage(code);
      return compacted === null ? null : { code: compacted, map: null };
    },
  };
}
