/**
 * The built-in emblem (public/logo.svg): the header's picture and the browsers' icon while the club
 * has set no logo, and always on the error page, which reads nothing from the database.
 * `touchIcon`: the same drawn as a phone's home-screen icon (public/emblem-touch-icon.png, drawn by
 * src/core/images/touch-icon.ts from logo.svg; docs/decisions/094); `appIcon` the larger one the
 * web app manifest names (public/emblem-app-icon.png, 100).
 */
export const EMBLEM = {
  href: '/logo.svg',
  type: 'image/svg+xml',
  touchIcon: '/emblem-touch-icon.png',
  appIcon: '/emblem-app-icon.png',
} as const;
