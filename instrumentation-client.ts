// Runs in the browser before the page's own code (Next.js loads it ahead of hydration).
import './lib/zod-jitless';
