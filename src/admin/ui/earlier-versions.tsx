import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { ITEM_VERSIONS_KEPT, PAGE_VERSIONS_KEPT, type PageVersion } from '../../core/versions/versions.schema.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import { Button } from './button.tsx';

const PREVIEW_CHARACTERS = 160;

/** The start of a text, cut at a word, for a line of the list. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_CHARACTERS) return flat;
  const wordEnd = flat.lastIndexOf(' ', PREVIEW_CHARACTERS);
  return `${flat.slice(0, wordEnd > 0 ? wordEnd : PREVIEW_CHARACTERS)}…`;
}

/**
 * What a page, the settings, a news item or an event said before each of its last saves
 * (docs/decisions/055, 056), under its form: 'Use this version' puts that text in the form, where
 * it is checked and saved as any edit (so that putting back is itself kept, and a save made
 * meanwhile by someone else is not lost).
 */
export function EarlierVersions({
  url,
  fields,
  form,
  onUsed,
  note,
  what = 'this page',
  kept = PAGE_VERSIONS_KEPT,
  show = (_name, value) => value,
  toForm = (_name, value) => value,
}: {
  /** GET {record}/versions. */
  url: string;
  fields: { name: string; label: string }[];
  /** The form above, where 'Use this version' puts the version's fields. */
  form: UseFormReturn<never>;
  /** When the text put in the form was saved (for VersionInForm). */
  onUsed: (savedAt: string) => void;
  /** What the versions leave out, said under the explanation. */
  note?: string;
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
        What {what} said before each of its last {kept} saves. &lsquo;Use this version&rsquo; puts that text in the form above; nothing
        changes on the site until you save.
      </p>
      {note && <p className="mt-1 px-4 text-sm text-slate-600">{note}</p>}
      <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200">
        {list.map((version) => (
          <li key={version.id} className="space-y-2 p-4">
            <p className="font-medium">
              {`Saved ${formatDisplayDateTime(version.savedAt, timeZone)}; replaced ${formatDisplayDateTime(version.replacedAt, timeZone)}${version.replacedBy ? ` by ${version.replacedBy}` : ''}.`}
            </p>
            <dl className="space-y-1 text-sm text-slate-700">
              {fields.map((field) => (
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
                  fields.map((field) => field.name),
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
  names: string[],
  version: PageVersion,
  toForm: (name: string, value: string) => string,
): void {
  const fields = form as unknown as UseFormReturn<Record<string, string>>;
  for (const name of names) fields.setValue(name, toForm(name, version.content[name] ?? ''), { shouldDirty: true });
  if (names[0]) fields.setFocus(names[0]);
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

/** A news item's or an event's earlier versions under its edit form (docs/decisions/056): their words, not their picture. */
export function ItemVersions(props: Omit<Parameters<typeof EarlierVersions>[0], 'kept' | 'note'>) {
  return (
    <EarlierVersions
      {...props}
      kept={ITEM_VERSIONS_KEPT}
      note="Its image is not kept here: after a change, 'Undo' in its notice puts it back."
    />
  );
}
