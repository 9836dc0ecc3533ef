// What whoever runs the site types to restore, as the server, the Settings screen and the scripts say it.

/** Restores the backup file `file` over the site there is (the server stopped). */
export const restoreFileCommand = (file: string) => `npm run restore -- ${file} --replace`;

/** Restores the copy `name` from the backup bucket over the site there is (the server stopped). */
export const restoreFromBucketCommand = (name: string) => `npm run restore -- --from-bucket ${name} --replace`;
