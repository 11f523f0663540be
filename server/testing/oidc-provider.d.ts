// oidc-provider ships no types; the OIDC suite uses only its constructor and Koa's listen/callback.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host?: string): Server;
    proxy: boolean;
  }
}
