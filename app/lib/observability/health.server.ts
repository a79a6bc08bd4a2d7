export interface HealthReport {
  httpStatus: 200 | 503;
  body: { status: 'ok' | 'unavailable' };
}

/**
 * Healthy only when the database answers within the time limit: well under a second, so a load
 * balancer hears of an outage within a second even while the database hangs (issue 20 §4).
 */
export async function checkHealth(pingDatabase: () => Promise<void>, timeoutMs = 750): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pingDatabase(), timeout]);
    return { httpStatus: 200, body: { status: 'ok' } };
  } catch {
    return { httpStatus: 503, body: { status: 'unavailable' } };
  } finally {
    clearTimeout(timer);
  }
}
