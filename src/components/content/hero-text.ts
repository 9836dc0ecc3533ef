/** SPEC §2 Home: the banner's text under the club's name. */
export const HERO_TEXT = "Join our community of fathers making a difference in our children's education and development.";

/** What the site says of itself (the home page's description, the web app manifest's): the tagline, else the banner's text. */
export const siteDescription = (settings: { tagline: string }): string => settings.tagline || HERO_TEXT;
