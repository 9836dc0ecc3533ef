export const HERO_TEXT = "Join our community of fathers making a difference in our children's education and development.";

/** SPEC §2 Home: the 500 px banner with the club's name, its text and two buttons. */
export function HomeHero({ clubName, tagline }: { clubName: string; tagline: string }) {
  return (
    <section className="flex h-[500px] items-center bg-gradient-to-br from-blue-900 to-blue-700 text-white" aria-labelledby="hero-heading">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h1 id="hero-heading" className="text-4xl font-extrabold sm:text-5xl">
          Welcome to {clubName}
        </h1>
        {tagline && <p className="mt-3 text-lg font-medium text-blue-100">{tagline}</p>}
        <p className="mx-auto mt-5 max-w-2xl text-lg sm:text-xl">{HERO_TEXT}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <a href="/events" className="inline-flex h-12 items-center rounded-md bg-white px-6 font-semibold text-blue-900 hover:bg-blue-50">
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
