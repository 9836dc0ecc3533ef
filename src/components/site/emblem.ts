/**
 * The built-in emblem (public/logo.svg): the header's picture and the browsers' icon while the club
 * has set no logo, and always on the error page, which reads nothing from the database.
 */
export const EMBLEM = { href: '/logo.svg', type: 'image/svg+xml' } as const;
