import Quill, { Delta } from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { TEXT_PICTURE_SIDE } from '../../core/news/news.schema.ts';
import { IMAGE_ALT_MAX } from '../../core/shared/fields.ts';
import { drawAtMost } from '../uploads/prepare-image.ts';

// SPEC §5 and §9. Quill's defaults are the spec's behaviour (history of 100 steps merged within
// 1000 ms, YouTube and Vimeo links rewritten to embed addresses, images only http(s) and data);
// two rules are narrowed to the spec: links only http, https, mailto and tel (not sms), and
// editor images only png, gif, jpeg, bmp or x-icon.
const Link = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[] };
Link.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  [{ font: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['bold', 'italic', 'underline'],
  ['link'],
  ['clean'],
];
const EDITOR_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'];

const LABELS: Record<string, string> = {
  'ql-bold': 'Bold',
  'ql-italic': 'Italic',
  'ql-underline': 'Underline',
  'ql-link': 'Link',
  'ql-clean': 'Remove formatting',
  'ql-header': 'Heading',
  'ql-font': 'Font',
};

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
}

/** Loaded only by the news form, in its own chunk: public pages never fetch it. */
export default function RichTextEditor({ value, onChange, labelId }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // What the editor holds, as last emitted or set: a value that differs came from outside (a
  // draft put back after the editor loaded, 'Discard', a reset) and replaces the editor's text.
  const shown = useRef(value);
  const editor = useRef<Quill | null>(null);
  // The pictures in the text, as Quill holds them: an outside store that React reads.
  const pictureStore = useRef({ list: [] as Picture[], listeners: new Set<() => void>() });
  const pictures = useSyncExternalStore(
    (listener) => {
      pictureStore.current.listeners.add(listener);
      return () => pictureStore.current.listeners.delete(listener);
    },
    () => pictureStore.current.list,
  );
  const readPictures = (quill: Quill) => {
    pictureStore.current.list = picturesIn(quill);
    for (const listener of pictureStore.current.listeners) listener();
  };

  useEffect(() => {
    const container = host.current!;
    const editorElement = document.createElement('div');
    container.appendChild(editorElement);
    const quill = new Quill(editorElement, {
      theme: 'snow',
      modules: { toolbar: TOOLBAR, uploader: { mimetypes: EDITOR_IMAGE_TYPES, handler: insertPictures } },
    });
    if (shown.current) showHtml(quill, shown.current);
    quill.history.clear();
    editor.current = quill;
    readPictures(quill);
    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    labelToolbar(container);
    quill.on('text-change', () => {
      const html = root.innerHTML;
      shown.current = html === '<p><br></p>' ? '' : html;
      onChangeRef.current(shown.current);
      readPictures(quill);
    });
    return () => {
      editor.current = null;
      container.innerHTML = '';
    };
  }, [labelId]);

  useEffect(() => {
    const quill = editor.current;
    if (!quill || value === shown.current) return;
    shown.current = value;
    if (value) showHtml(quill, value);
    else quill.setText('', 'silent');
    quill.history.clear();
    readPictures(quill);
  }, [value]);

  /** A picture's description (its alt text), set on the picture in the editor; the change is the text's. */
  function describe(picture: Picture, alt: string) {
    const quill = editor.current;
    if (!quill) return;
    const [leaf] = quill.getLeaf(picture.index + 1);
    (leaf as unknown as { format: (name: string, value: string) => void } | null)?.format('alt', alt);
    quill.update('user');
  }

  return (
    <>
      <div ref={host} className="rich-text-editor rounded-md bg-white [&_.ql-editor]:min-h-40 [&_.ql-editor]:text-base" />
      {/* Quill has no place for a picture's description: visitors who cannot see it hear this. */}
      {pictures.length > 0 && (
        <fieldset className="mt-2 space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Pictures in the text</legend>
          {pictures.map((picture, i) => (
            <div key={`${picture.index}-${i}`} className="flex items-center gap-3">
              <img src={picture.src} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
              <label className="flex min-w-0 flex-1 flex-col text-sm">
                {`What picture ${i + 1} shows (for visitors who cannot see it)`}
                <input
                  type="text"
                  value={picture.alt}
                  maxLength={IMAGE_ALT_MAX}
                  onChange={(event) => describe(picture, event.target.value)}
                  className="mt-1 h-10 rounded-md border border-slate-300 px-2 text-base"
                />
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </>
  );
}

interface Picture {
  /** Where it is in the editor's text. */
  index: number;
  src: string;
  alt: string;
}

/** The pictures in the editor's text, in order. */
function picturesIn(quill: Quill): Picture[] {
  const found: Picture[] = [];
  let index = 0;
  for (const op of quill.getContents().ops) {
    const image = typeof op.insert === 'object' ? (op.insert as { image?: unknown }).image : undefined;
    if (typeof image === 'string') found.push({ index, src: image, alt: typeof op.attributes?.alt === 'string' ? op.attributes.alt : '' });
    index += typeof op.insert === 'string' ? op.insert.length : 1;
  }
  return found;
}

/**
 * Quill's uploader (a photo pasted or dropped into the text), with each photo drawn smaller first:
 * inserted as it is, a phone photo is megabytes of text the news item cannot hold. The server
 * draws it again without metadata (docs/decisions/081); GIFs and icons go in as they are.
 */
async function insertPictures(this: { quill: Quill }, range: { index: number; length: number }, files: File[]) {
  const pictures = await Promise.all(files.map(pictureAddress));
  const update = pictures.reduce((delta, image) => delta.insert({ image }), new Delta().retain(range.index).delete(range.length));
  this.quill.updateContents(update, 'user');
  this.quill.setSelection(range.index + pictures.length, 'silent');
}

async function pictureAddress(file: File): Promise<string> {
  const bitmap =
    file.type === 'image/gif' || file.type === 'image/x-icon'
      ? null
      : await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!bitmap) return readAsDataUrl(file);
  return drawAtMost(bitmap, TEXT_PICTURE_SIDE).toDataURL('image/jpeg', 0.85);
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Puts HTML in the editor without taking the caret. Quill's dangerouslyPasteHTML also selects the
 * start, which focuses the editor: on a slow connection the editor arrives while the volunteer is
 * already typing the title, and the rest of the title went into the news text.
 */
function showHtml(quill: Quill, html: string) {
  quill.setContents(quill.clipboard.convert({ html }), 'silent');
}

/** Quill's toolbar buttons have no names; screen readers need them. */
function labelToolbar(container: HTMLElement) {
  container.querySelectorAll<HTMLElement>('.ql-toolbar button, .ql-toolbar .ql-picker').forEach((element) => {
    const key = [...element.classList].find((name) => name in LABELS || name === 'ql-list');
    if (!key) return;
    let label = LABELS[key] ?? '';
    if (key === 'ql-list') label = element.getAttribute('value') === 'ordered' ? 'Numbered list' : 'Bulleted list';
    if (element.tagName === 'BUTTON') element.setAttribute('aria-label', label);
    else element.querySelector('.ql-picker-label')?.setAttribute('aria-label', label);
  });
}
