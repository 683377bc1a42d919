/**
 * The few types the SSO test uses from oidc-provider, which ships none (its types live in
 * @types/oidc-provider, not installed for one test).
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
