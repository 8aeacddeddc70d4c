// @octokit/webhooks-methods ships ESM with `exports`-only types, which this project's CommonJS
// module resolution cannot see; vitest loads the module itself. Its one function the tests use:
declare module '@octokit/webhooks-methods' {
  /** `sha256=<hex HMAC-SHA256 of payload>`, as GitHub's X-Hub-Signature-256. */
  export function sign(secret: string, payload: string): Promise<string>;
}
