import type { AppContext } from '../../core/context.ts';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import type { SiteSettings } from '../../core/settings/settings.schema.ts';

export interface FirstRunStep {
  label: string;
  href: string;
  done: boolean;
}

/**
 * What a new site lacks, for the home page's hint to a signed-in administrator; an empty list
 * once every step is done (the hint then goes away for good).
 */
export async function firstRunSteps(app: AppContext, settings: SiteSettings): Promise<FirstRunStep[]> {
  const [news, events, photos, whoWeAre] = await Promise.all([
    app.news.count({ scheduled: true }),
    app.events.count(),
    app.gallery.count(),
    app.infoPages.getWhoWeAre(),
  ]);
  const steps: FirstRunStep[] = [
    {
      label: "Choose the club's colour and a photo for the welcome banner",
      href: ADMIN_SCREENS.settings.href,
      done: settings.heroImageUrl !== null || settings.accentColor !== null,
    },
    { label: 'Add the next event, with its booking link', href: ADMIN_SCREENS.events.href, done: events > 0 },
    { label: 'Write a first news item', href: ADMIN_SCREENS.news.href, done: news > 0 },
    { label: 'Upload photos from a recent activity', href: ADMIN_SCREENS.gallery.href, done: photos > 0 },
    { label: 'Say who you are and how to reach you', href: ADMIN_SCREENS.whoWeAre.href, done: whoWeAre.aboutUs.trim() !== '' },
  ];
  return steps.every((step) => step.done) ? [] : steps;
}
