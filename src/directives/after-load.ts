import type { ClientDirective } from 'astro';

/**
 * client:afterload hydrates an island once the page has loaded (its above-the-fold images
 * included), painted, and the browser is idle, so island scripts never compete with the first paint or
 * the largest image on a slow phone. Every island here works before it hydrates, or is not
 * offered until it can: the booking button and gallery tiles as links, and a share button kept
 * out of sight until then (docs/decisions/091). Nothing is lost while it waits. Islands that only
 * add to what their HTML does once used (the menu) or show nothing until told (the notices) wait
 * for that instead (client:ondemand, docs/decisions/123).
 */
const afterLoad: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    else setTimeout(() => void hydrate(), 200);
  };
  // On a small page the load event can come before the first paint: wait for two frames too.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
};

export default afterLoad;
