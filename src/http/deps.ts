import type { TokenVerifier } from '../auth/tokens';
import type { Services } from '../services';

/** What every route plugin receives: the services and the token verifier. */
export interface RouteDeps {
  services: Services;
  verifier: TokenVerifier;
}
