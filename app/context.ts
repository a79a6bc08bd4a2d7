import { createContext } from 'react-router';
import type { Database } from './db/client.server.ts';
import type { Logger } from './modules/observability/logger.server.ts';

/** Long-lived services, created once at start by server/main.ts. */
export interface AppServices {
  db: Database;
  logger: Logger;
  siteUrl: string;
  shopName: string;
  isProduction: boolean;
  dataDir: string;
}

/** Per-request values set by the Express layer. */
export interface RequestInfo {
  requestId: string;
  cspNonce: string;
}

export const servicesContext = createContext<AppServices>();
export const requestInfoContext = createContext<RequestInfo>();
