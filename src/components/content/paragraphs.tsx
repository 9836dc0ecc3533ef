import { toParagraphs } from '../../core/info-pages/info-pages.schema.ts';
import { LinkifiedText } from './linkified-text.tsx';

const NOT_AVAILABLE = 'Information not available';

/** SPEC §2: text split into paragraphs at blank lines, or the fallback text when there is none. */
export function Paragraphs({ text }: { text: string | null | undefined }) {
  const paragraphs = toParagraphs(text ?? '');
  if (paragraphs.length === 0) return <p className="text-slate-600">{NOT_AVAILABLE}</p>;
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line text-slate-800 [&+p]:mt-4">
          <LinkifiedText text={paragraph} />
        </p>
      ))}
    </>
  );
}

export function InfoSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="mb-4 text-2xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
