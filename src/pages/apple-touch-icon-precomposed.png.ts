// Older iOS asks for this name first: the same answer as /apple-touch-icon.png.
export { GET } from './apple-touch-icon.png.ts';
