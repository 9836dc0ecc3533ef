import type { ReactNode } from 'react';
import type { NewsView } from '../../server/views/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';

interface NewsCardProps {
  item: NewsView;
  /** h2 in lists, h1 on the item's own page. */
  headingLevel?: 'h1' | 'h2';
  /** The share island, placed by the page. */
  share?: ReactNode;
  priorityImage?: boolean;
}

export function NewsCard({ item, headingLevel = 'h2', share, priorityImage = false }: NewsCardProps) {
  const Heading = headingLevel;
  return (
    <article id={`news-${item.id}`} className="scroll-mt-4 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {item.image && (
        <ResponsiveImage
          src={item.image.src}
          image={item.image.stored}
          alt={item.image.alt}
          sizes="(min-width: 768px) 768px, 100vw"
          priority={priorityImage}
          className="h-auto max-h-[28rem] w-full object-cover"
        />
      )}
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <Heading className="text-2xl font-bold text-slate-900">
              {headingLevel === 'h2' ? (
                <a href={item.href} className="hover:underline">
                  {item.title}
                </a>
              ) : (
                item.title
              )}
            </Heading>
            <p className="mt-1 text-sm text-slate-600">
              <time dateTime={item.isoDate}>{item.dateLabel}</time>
            </p>
          </div>
          {share && <div className="print:hidden">{share}</div>}
        </div>
        <div className="news-content mt-4" dangerouslySetInnerHTML={{ __html: item.html }} />
      </div>
    </article>
  );
}

/** SPEC §2 Home: the first news item, its content clamped to 6 lines, and 'Read More'. */
export function NewsPreview({ item }: { item: NewsView }) {
  return (
    <article id={`news-${item.id}`} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {item.image && (
        <ResponsiveImage
          src={item.image.src}
          image={item.image.stored}
          alt={item.image.alt}
          sizes="(min-width: 1024px) 560px, 100vw"
          className="aspect-[16/9] h-auto w-full object-cover"
        />
      )}
      <div className="p-5">
        <h3 className="text-xl font-bold">
          <a href={item.href} className="hover:underline">
            {item.title}
          </a>
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          <time dateTime={item.isoDate}>{item.dateLabel}</time>
        </p>
        <div className="news-content mt-4 line-clamp-6" dangerouslySetInnerHTML={{ __html: item.html }} />
        <a
          href="/news"
          className="mt-5 inline-flex h-11 items-center rounded-md bg-accent px-5 text-sm font-semibold text-white hover:bg-accent-strong print:hidden"
        >
          Read More
        </a>
      </div>
    </article>
  );
}
