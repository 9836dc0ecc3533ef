import { useId } from 'react';
import { accentOf, accentProblem, contrastWithWhite, darkerForWhiteText, MIN_CONTRAST } from '../../core/settings/accent-colour.ts';

interface AccentColourFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The site's accent colour: a colour picker and its '#rrggbb' text, with a sample of a button
 * and the contrast of its white text, checked as it is chosen (the server checks it again).
 */
export function AccentColourField({ value, onChange, error }: AccentColourFieldProps) {
  const id = useId();
  const shown = HEX.test(value) ? value.toLowerCase() : accentOf(null);
  const ratio = contrastWithWhite(shown);
  const problem = HEX.test(value) ? accentProblem(shown) : null;
  const message = error ?? problem;
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-check`}>
      <legend className="text-sm font-semibold text-slate-900">Accent colour</legend>
      <p className="text-sm text-slate-600">Used for the welcome banner, buttons and links. Leave it empty for the standard blue.</p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label="Accent colour: pick"
          value={shown}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 cursor-pointer rounded border border-slate-400 bg-white p-1"
        />
        <input
          type="text"
          aria-label="Accent colour"
          aria-invalid={message ? true : undefined}
          placeholder={accentOf(null)}
          spellCheck={false}
          maxLength={7}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          className="block w-32 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-base text-slate-900 aria-[invalid=true]:border-red-700"
        />
        <span className="inline-flex h-11 items-center rounded-md px-4 text-sm font-semibold text-white" style={{ backgroundColor: shown }}>
          Sample button
        </span>
        {value && (
          <button type="button" className="text-sm font-medium text-slate-700 underline" onClick={() => onChange('')}>
            Use the standard blue
          </button>
        )}
      </div>
      <p
        id={`${id}-check`}
        className={`text-sm ${message ? 'font-medium text-red-700' : 'text-slate-700'}`}
        role={message ? 'alert' : undefined}
      >
        {message ?? `White text on this colour: ${ratio.toFixed(2)}:1 (at least ${MIN_CONTRAST}:1 is needed). Easy to read.`}
      </p>
      {problem && (
        <button type="button" className="text-sm font-medium text-slate-800 underline" onClick={() => onChange(darkerForWhiteText(shown))}>
          Use {darkerForWhiteText(shown)} instead
        </button>
      )}
    </fieldset>
  );
}
