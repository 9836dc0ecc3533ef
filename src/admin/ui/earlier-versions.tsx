import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { ITEM_VERSIONS_KEPT, PAGE_VERSIONS_KEPT, PICTURES_KEPT_DAYS, type PageVersion } from '../../core/versions/versions.schema.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import { Button } from './button.tsx';
import { ListImage } from './list-image.tsx';

const PREVIEW_CHARACTERS = 160;

/** The start of a text, cut at a word, for a line of the list. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_CHARACTERS) return flat;
  const wordEnd = flat.lastIndexOf(' ', PREVIEW_CHARACTERS);
  return `${flat.slice(0, wordEnd > 0 ? wordEnd : PREVIEW_CHARACTERS)}…`;
}

/** A field of the form that an earlier version may hold. */
interface VersionField {
  name: string;
  label: string;
}

/**
 * What a page, the settings, a news item, an event or a photo said and showed before each of its
 * last saves (docs/decisions/055, 056, 061), under its form: 'Use this version' puts that text
 * and those pictures in the form, where they are checked and saved as any edit (so that putting
 * back is itself kept, and a save made meanwhile by someone else is not lost). A field the version
 * does not hold (a picture kept no longer, a version older than pictures were kept) is left as
 * the form has it, as a save leaves a field it is not sent.
 */
export function EarlierVersions({
  url,
  fields,
  pictures = [],
  form,
  onUsed,
  what = 'this page',
  kept = PAGE_VERSIONS_KEPT,
  show = (_name, value) => value,
  toForm = (_name, value) => value,
}: {
  /** GET {record}/versions. */
  url: string;
  fields: VersionField[];
  /** The fields that hold a picture's address, shown as the picture. */
  pictures?: VersionField[];
  /** The form above, where 'Use this version' puts the version's fields. */
  form: UseFormReturn<never>;
  /** When the text put in the form was saved (for VersionInForm). */
  onUsed: (savedAt: string) => void;
  /** 'this news item': what the versions are of. */
  what?: string;
  /** How many the server keeps. */
  kept?: number;
  /** A field's stored value as a person reads it (a date, the words of HTML). */
  show?: (name: string, value: string) => string;
  /** A stored value as its input holds it (an instant as the club's local date). */
  toForm?: (name: string, value: string) => string;
}) {
  const timeZone = useTimeZone();
  const versions = useQuery<PageVersion[]>({ queryKey: [url], staleTime: 0 });
  const list = versions.data ?? [];
  if (list.length === 0) return null;
  return (
    <details className="mt-8 rounded-lg border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">Earlier versions ({list.length})</summary>
      <p className="px-4 text-sm text-slate-600">
        {pictures.length > 0 ? `What ${what} said and showed` : `What ${what} said`} before each of its last {kept} saves. &lsquo;Use this
        version&rsquo; puts it in the form above; nothing changes on the site until you save.
        {pictures.length > 0 && ` A picture it replaced is kept for ${PICTURES_KEPT_DAYS} days.`}
      </p>
      <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200">
        {list.map((version) => (
          <li key={version.id} className="space-y-2 p-4">
            <p className="font-medium">
              {`Saved ${formatDisplayDateTime(version.savedAt, timeZone)}; replaced ${formatDisplayDateTime(version.replacedAt, timeZone)}${version.replacedBy ? ` by ${version.replacedBy}` : ''}.`}
            </p>
            <dl className="space-y-1 text-sm text-slate-700">
              {pictures
                .filter((field) => field.name in version.content)
                .map((field) => (
                  <div key={field.name} className="flex items-start gap-2">
                    <dt className="font-semibold">{`${field.label}:`}</dt>
                    <dd>
                      {version.content[field.name] ? (
                        <ListImage
                          url={version.content[field.name]!}
                          alt={`${field.label} then`}
                          className="h-16 w-24 rounded object-cover"
                        />
                      ) : (
                        '(none)'
                      )}
                    </dd>
                  </div>
                ))}
              {fields
                .filter((field) => field.name in version.content)
                .map((field) => (
                  <div key={field.name}>
                    <dt className="inline font-semibold">{/[?:]$/.test(field.label) ? `${field.label} ` : `${field.label}: `}</dt>
                    <dd className="inline break-words">{preview(show(field.name, version.content[field.name] ?? '')) || '(empty)'}</dd>
                  </div>
                ))}
            </dl>
            <Button
              variant="secondary"
              onClick={() => {
                putVersionInForm(
                  form,
                  { texts: fields.map((field) => field.name), pictures: pictures.map((field) => field.name) },
                  version,
                  toForm,
                );
                onUsed(version.savedAt);
              }}
            >
              Use this version<span className="sr-only">{` saved ${formatDisplayDateTime(version.savedAt, timeZone)}`}</span>
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Puts an earlier version's fields in the form as unsaved edits (the Save button and the
 * unsaved-changes guard see them) and moves to the first, where the note says what happened.
 * `toForm`: a stored value as its input holds it (an instant as the club's local date).
 */
function putVersionInForm(
  form: UseFormReturn<never>,
  names: { texts: string[]; pictures: string[] },
  version: PageVersion,
  toForm: (name: string, value: string) => string,
): void {
  const fields = form as unknown as UseFormReturn<Record<string, string | null>>;
  const held = (list: string[]) => list.filter((name) => name in version.content);
  // A form holds no picture as null, an empty text as ''.
  for (const name of held(names.pictures)) fields.setValue(name, version.content[name] ?? null, { shouldDirty: true });
  for (const name of held(names.texts)) fields.setValue(name, toForm(name, version.content[name] ?? ''), { shouldDirty: true });
  const first = held(names.texts)[0];
  if (first) fields.setFocus(first);
}

/** At the top of the form, once 'Use this version' put a version in it. */
export function VersionInForm({ savedAt, saveLabel = 'Save Changes' }: { savedAt: string | null; saveLabel?: string }) {
  const timeZone = useTimeZone();
  if (!savedAt) return null;
  return (
    <p role="status" className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-slate-900">
      {`The text saved ${formatDisplayDateTime(savedAt, timeZone)} is in the form: check it, then ${saveLabel}.`}
    </p>
  );
}

/** The words of stored (cleaned) news HTML, for a line of the list: parsed inert, never shown as HTML. */
export function wordsOfHtml(html: string): string {
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
}

/** A news item's, an event's or a photo's earlier versions under its edit form (docs/decisions/056, 061). */
export function ItemVersions(props: Omit<Parameters<typeof EarlierVersions>[0], 'kept' | 'pictures'>) {
  return <EarlierVersions {...props} kept={ITEM_VERSIONS_KEPT} pictures={[IMAGE_FIELD]} />;
}

/** The picture of a news item, an event or a photo, as its earlier versions show it. */
const IMAGE_FIELD: VersionField = { name: 'imageUrl', label: 'Image' };
