import type { FirstRunStep } from '../../server/views/first-run.ts';

/**
 * Shown on the home page to a signed-in administrator while the site still lacks the basics:
 * what parents will look for, each step a link to the screen that does it.
 */
export function FirstRunHint({ steps }: { steps: FirstRunStep[] }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="first-run" className="rounded-lg border-2 border-dashed border-accent bg-accent-soft p-5">
      <h2 id="first-run" className="text-xl font-bold text-slate-900">
        {`Getting the site ready: ${done} of ${steps.length} done`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">Only administrators see this, while they are signed in.</p>
      <ol className="mt-4 space-y-2">
        {steps.map((step) => (
          <li key={step.href} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${step.done ? 'bg-green-700 text-white' : 'border-2 border-slate-500 bg-white'}`}
            >
              {step.done ? '✓' : ''}
            </span>
            <span>
              <a href={step.href} className={`font-medium underline ${step.done ? 'text-slate-700' : 'text-accent-strong'}`}>
                {step.label}
              </a>
              <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
