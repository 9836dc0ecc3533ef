/** Called with an image URL that a row stopped using; stored images nobody uses are deleted. */
export type ReleaseImage = (url: string | null | undefined) => Promise<void>;
