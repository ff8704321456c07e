import { m } from '#src/paraglide/messages.js';
import type { AppLocale } from '#src/shared/enums.ts';
import { escapeHtml } from '#src/shared/escape-html.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import type { TalentDataView } from '#src/shared/talent-link-data.ts';
import { talentDataSections } from '#src/shared/talent-link-document.ts';

// The talent's data as a file to keep (PDPA s43A): JSON for a machine, HTML for a person, in their
// language. The HTML holds the same sections as the data page, and no script.

const ZONE = 'Asia/Kuala_Lumpur';

export function talentDataJson(view: TalentDataView, exportedAt: Date): string {
  return `${JSON.stringify({ exportedAt: exportedAt.toISOString(), ...view }, null, 2)}\n`;
}

export function talentDataHtml(view: TalentDataView, locale: AppLocale, exportedAt: Date): string {
  const o = { locale };
  const format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ZONE,
  });
  const date = (iso: string) => format.format(new Date(iso));
  const e = escapeHtml;
  const lines = (rows: { label: string; value: string }[]) =>
    rows.length === 0 ? '' : `<dl>${rows.map((r) => `<dt>${e(r.label)}</dt><dd>${e(r.value)}</dd>`).join('')}</dl>`;
  const body = talentDataSections(view, locale, date)
    .map(
      (s) =>
        `<section><h2>${e(s.heading)}</h2>${lines(s.lines)}${s.items
          .map((item) => `<h3>${e(item.title)}</h3>${lines(item.lines)}`)
          .join('')}${s.empty ? `<p>${e(s.empty)}</p>` : ''}</section>`,
    )
    .join('\n');
  const title = m.talent_data_export_title({}, o);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>
body{font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,'Noto Sans','PingFang SC','Microsoft YaHei',sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111827;line-height:1.5}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #d1d5db}h3{font-size:1rem;margin-bottom:.25rem}
dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.25rem 1rem;margin:0}dt{color:#4b5563}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
</style>
</head>
<body>
<h1>${e(title)}</h1>
<p>${e(m.talent_data_export_generated({ date: date(exportedAt.toISOString()) }, o))}</p>
${body}
</body>
</html>
`;
}
