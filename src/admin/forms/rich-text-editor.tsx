import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';

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

  useEffect(() => {
    const container = host.current!;
    const editorElement = document.createElement('div');
    container.appendChild(editorElement);
    const quill = new Quill(editorElement, {
      theme: 'snow',
      modules: { toolbar: TOOLBAR, uploader: { mimetypes: EDITOR_IMAGE_TYPES } },
    });
    if (shown.current) showHtml(quill, shown.current);
    quill.history.clear();
    editor.current = quill;
    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    labelToolbar(container);
    quill.on('text-change', () => {
      const html = root.innerHTML;
      shown.current = html === '<p><br></p>' ? '' : html;
      onChangeRef.current(shown.current);
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
  }, [value]);

  return <div ref={host} className="rich-text-editor rounded-md bg-white [&_.ql-editor]:min-h-40 [&_.ql-editor]:text-base" />;
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
