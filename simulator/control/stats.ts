/** Counters the test suites read back: requests per route, invalid requests, tokens issued. */
export class Stats {
  requests = 0;
  invalidRequests = 0;
  tokensIssued = 0;
  byRoute: Record<string, { count: number; status4xx: number; status5xx: number }> = {};

  record(route: string, status: number): void {
    this.requests += 1;
    const entry = (this.byRoute[route] ??= { count: 0, status4xx: 0, status5xx: 0 });
    entry.count += 1;
    if (status >= 400 && status < 500) {
      entry.status4xx += 1;
      if (status !== 404 && status !== 429) this.invalidRequests += 1;
    }
    if (status >= 500) entry.status5xx += 1;
  }

  reset(): void {
    this.requests = 0;
    this.invalidRequests = 0;
    this.tokensIssued = 0;
    this.byRoute = {};
  }

  toJSON() {
    return { requests: this.requests, invalidRequests: this.invalidRequests, tokensIssued: this.tokensIssued, byRoute: this.byRoute };
  }
}
