import { isScheduled, type NewsItem } from '../../core/news/news.schema.ts';
import { formatDisplayDate } from '../../core/shared/time.ts';

/**
 * A news item's date on the admin's list and dashboard; for one written for later, when it will be
 * on the site instead, in the colour of a note to act on (docs/decisions/103).
 */
export function NewsDate({
  item,
  timeZone,
  className = '',
}: {
  item: Pick<NewsItem, 'publishedAt'>;
  timeZone: string;
  className?: string;
}) {
  const date = formatDisplayDate(item.publishedAt, timeZone);
  return isScheduled(item) ? (
    <span className={`text-sm font-semibold text-amber-900 ${className}`}>{`Scheduled: on the site from ${date}`}</span>
  ) : (
    <span className={`text-sm text-slate-600 ${className}`}>{date}</span>
  );
}
