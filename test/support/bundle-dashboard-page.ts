/** Vitest global setup: bundles the dashboard page from its current sources, as `npm run build` does. */
import { writeDashboardPageBundle } from '../../scripts/bundle-dashboard-page.mjs';

export default async function setup(): Promise<void> {
  await writeDashboardPageBundle();
}
