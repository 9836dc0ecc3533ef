import type { ClientDirective } from 'astro';

/** What a visitor does to an island that is about to need its script: a touch, a key, the focus, a disclosure opening. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'toggle'] as const;

/**
 * client:ondemand hydrates an island only when it is needed: at the first touch, key or focus
 * inside it (captured, so that a `<details>` opening counts though `toggle` does not bubble), or,
 * with a value (`client:ondemand="club:notice"`), when that event reaches the window. An island
 * that works from its HTML alone and only adds to it once used (the small-screen menu), or shows
 * nothing until something happens (the notices), then costs a page that never uses it no script:
 * React's runtime is most of what a phone runs on a public page after its load (docs/decisions/123).
 */
const onDemand: ClientDirective = (load, options, element) => {
  const windowEvent = typeof options.value === 'string' && options.value ? options.value : null;
  const hydrate = () => {
    for (const type of INTENT_EVENTS) element.removeEventListener(type, hydrate, true);
    if (windowEvent) window.removeEventListener(windowEvent, hydrate);
    // Astro's island tries a missing file once more a second later, then leaves the island as
    // its HTML (the menu still opens): `load` itself does not fail.
    void load().then((run) => run());
  };
  for (const type of INTENT_EVENTS) element.addEventListener(type, hydrate, true);
  if (windowEvent) window.addEventListener(windowEvent, hydrate);
};

export default onDemand;
