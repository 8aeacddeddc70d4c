import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';

/**
 * Apollo's own landing page (embedded Sandbox, loaded from Apollo's CDN: it needs internet) with a
 * link at the top to the console's GraphiQL, which works offline. The link reuses the page's CSP
 * nonce for its one style rule.
 */
export function landingPageWithConsoleLink(consolePath: string): ApolloServerPlugin {
  const apollo = ApolloServerPluginLandingPageLocalDefault({ embed: true, footer: false });
  return {
    async serverWillStart(service) {
      const listener = await apollo.serverWillStart?.(service);
      const render = listener?.renderLandingPage;
      if (!render) return listener;
      return {
        ...listener,
        async renderLandingPage() {
          const page = await render();
          const original = page.html;
          const html = async () => {
            const text = typeof original === 'string' ? original : await original();
            const nonce = /nonce=["']?([0-9a-f]+)/.exec(text)?.[1] ?? '';
            const banner =
              `<style nonce="${nonce}">#hookgate-ide{display:block;padding:6px 12px;font:14px sans-serif;` +
              `background:#0b3d2e;color:#fff}#hookgate-ide a{color:#9fe0c3}</style>` +
              `<nav id="hookgate-ide">Offline, or Apollo Sandbox does not load? ` +
              `<a href="${consolePath}">Open GraphiQL in the Hookgate console</a></nav>`;
            return text.replace('<body>', `<body>\n    ${banner}`);
          };
          return { html };
        },
      };
    },
  };
}
