/**
 * The few types the e2e OpenID provider uses from oidc-provider, which ships none (as in
 * apps/server/test/oidc-provider.d.ts; @types/oidc-provider is not installed).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    [option: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }

  export default Provider;
}
