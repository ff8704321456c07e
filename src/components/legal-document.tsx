// Privacy policy and terms: an intro and numbered sections, each a heading and a paragraph.
export type LegalSection = { title: () => string; text: () => string };

export function LegalDocument({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-base-content/80">{intro}</p>
      </header>
      {sections.map((section) => (
        <section key={section.title()} className="space-y-2">
          <h2 className="text-xl font-semibold">{section.title()}</h2>
          <p className="leading-relaxed text-base-content/80">{section.text()}</p>
        </section>
      ))}
    </article>
  );
}
