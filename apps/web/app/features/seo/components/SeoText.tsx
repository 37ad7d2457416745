/**
 * The editorial SEO text under a listing (spec: "Freitext" of the SEO settings): each
 * blank-line-separated block a paragraph, with an optional heading; nothing while the text is empty.
 * One component so every page that carries the text renders it the same way.
 */
export function SeoText({ text, heading }: { text: string; heading?: string }) {
  if (!text) return null;
  return (
    <div className="page__text">
      {heading ? <h2>{heading}</h2> : null}
      {text.split(/\n{2,}/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
