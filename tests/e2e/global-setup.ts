import { startPushService } from '#tests/setup/push-service.ts';
import { E2E_PUSH_PORT } from './e2e-env';

// The push service the e2e server sends Web Push to (playwright.config.ts: PUSH_ENDPOINT_HOSTS), on this
// machine: the subscriptions the push journey makes point here, never at a real push service.
export default async function globalSetup() {
  const service = await startPushService({ port: E2E_PUSH_PORT });
  return () => service.close();
}
