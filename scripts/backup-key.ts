// npm run backup-key
// Makes a key pair for the copies of the backups in BACKUP_S3_BUCKET: the public key goes in
// BACKUP_RECIPIENTS on the server, the secret key is kept off it (docs/decisions/045).
import { newBackupKey } from '../src/core/backup/encryption.ts';

const { secretKey, publicKey } = await newBackupKey();
console.log(`A new backup key.

1. Keep the secret key below OFF this server, where the club will still find it in years: in a
   password manager, or printed and locked away, best by two people. Without it the copies in
   the bucket cannot be restored. Anyone who has it and a copy can read the copy.

${secretKey}

2. On the server, set (then restart it):

BACKUP_RECIPIENTS=${publicKey}

   To let a second person restore with a key of their own, run this again and list both public
   keys, separated by a comma.

A restore asks for the secret key: npm run restore -- --from-bucket`);
