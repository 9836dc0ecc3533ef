// What whoever runs the site types to restore, as the server, the Settings screen and the scripts say it.

/** `text` as one word of a shell command: as it is when it holds nothing the shell reads otherwise, else in single quotes. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/** Restores the backup file `file` over the site there is (the server stopped), or with `replace` false into an empty database. */
export const restoreFileCommand = (file: string, { replace = true } = {}) =>
  `npm run restore -- ${shellWord(file)}${replace ? ' --replace' : ''}`;

/** Restores the copy `name` from the backup bucket over the site there is (the server stopped), or with `replace` false into an empty database. */
export const restoreFromBucketCommand = (name: string, { replace = true } = {}) =>
  `npm run restore -- --from-bucket ${shellWord(name)}${replace ? ' --replace' : ''}`;
