// Plain JavaScript on purpose: it must run, and explain itself, on any old Node.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `This project needs Node 24 or newer, but this is Node ${process.versions.node} (${process.execPath}).\n` +
      'Run it through npm scripts (npm start, npm test), which use the Node 24 that `npm install` puts in\n' +
      'node_modules/.bin, or run node_modules/.bin/node directly. If node_modules/.bin/node is missing,\n' +
      'run `npm install` again and allow the install script of the "node" package.',
  );
  process.exit(1);
}
