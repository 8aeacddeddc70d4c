// Runs TypeScript sources directly (dev server, scripts, test child processes): swc keeps the
// decorator metadata type-graphql needs. The generated Prisma client imports its siblings as
// './x.js' (so the compiled build runs under plain Node); from sources those files are '.ts'.
const Module = require('node:module');

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveTsFromJs(request, parent, ...rest) {
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (err) {
    if (request.startsWith('.') && request.endsWith('.js') && parent && !parent.filename.includes('node_modules')) {
      return resolve.call(this, `${request.slice(0, -3)}.ts`, parent, ...rest);
    }
    throw err;
  }
};

require('@swc-node/register');
