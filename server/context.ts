/** What the plugins share: settings, the database and the services built once per app. */
import type { Db } from '../common/db';
import type { Config } from './config';
import type { AlertService } from './services/alerts/service';
import type { BlackoutService } from './services/compliance/blackout-pauses';
import type { CallIndexService } from './services/call-index/service';
import type { SessionStore } from './services/auth/sessions';
import type { TokenBroker } from './services/auth/token-broker';
import type { Upstream } from './services/upstream/upstream';
import type { DemoAccounts } from './services/auth/users';
import type { ImportReader } from './services/do-not-call/import-reader';

export interface Ctx {
  config: Config;
  db: Db;
  sessions: SessionStore;
  broker: TokenBroker;
  upstream: Upstream;
  /** The do-not-call imports' bodies, read in a thread of their own. */
  imports: ImportReader;
  /** The call index's sync service (set once the app is built). */
  callIndex?: CallIndexService;
  /** The alert evaluator (set once the app is built). */
  alerts?: AlertService;
  /** The blackout dates' pauses and resumes (set once the app is built; started by the worker). */
  blackout?: BlackoutService;
  /** What this start did about the demo accounts (null: not asked for, DEMO_ACCOUNTS unset). */
  demoAccounts: DemoAccounts | null;
  /** This process runs the background work (server/background.ts): the worker, or the in-process stack of the tests. */
  background?: boolean;
  /** The upstream's clock (the simulator's in tests; the machine's otherwise): local hours are read by it. */
  now?: () => Date;
}
