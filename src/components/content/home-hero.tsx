import type { ImageView } from '../../server/views/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';
import { HERO_TEXT } from './hero-text.ts';

/**
 * How dark the veil over a banner photo is. With black at 60 %, even a pure white photo shows as
 * #666 behind the text: 5.7:1 with white, AA whatever the photo (hero.test.tsx checks the sum).
 */
export const HERO_VEIL_OPACITY = 0.6;

/**
 * SPEC §2 Home: the 500 px banner with the club's name, its text and two buttons; behind them the
 * photo chosen in Settings under a dark veil, or the accent colour.
 */
export function HomeHero({ clubName, tagline, photo }: { clubName: string; tagline: string; photo: ImageView | null }) {
  return (
    <section
      className="relative isolate flex h-[500px] items-center overflow-hidden bg-gradient-to-br from-accent-strong to-accent text-white print:h-auto print:py-6"
      aria-labelledby="hero-heading"
    >
      {photo && (
        <>
          <ResponsiveImage
            src={photo.src}
            image={photo.stored}
            alt=""
            sizes="100vw"
            priority
            className="absolute inset-0 -z-20 h-full w-full object-cover print:hidden"
          />
          <div aria-hidden="true" data-testid="hero-veil" className="absolute inset-0 -z-10 bg-black/60 print:hidden" />
        </>
      )}
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h1 id="hero-heading" className="text-4xl font-extrabold sm:text-5xl">
          Welcome to {clubName}
        </h1>
        {tagline && <p className="mt-3 text-lg font-medium text-white">{tagline}</p>}
        <p className="mx-auto mt-5 max-w-2xl text-lg sm:text-xl">{HERO_TEXT}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4 print:hidden">
          <a
            href="/events"
            className="inline-flex h-12 items-center rounded-md bg-white px-6 font-semibold text-accent-strong hover:bg-accent-soft"
          >
            View Events
          </a>
          <a
            href="/who-we-are"
            className="inline-flex h-12 items-center rounded-md border-2 border-white px-6 font-semibold text-white hover:bg-white/10"
          >
            Learn More
          </a>
        </div>
      </div>
    </section>
  );
}
