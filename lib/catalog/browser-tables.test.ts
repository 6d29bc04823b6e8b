import { moduleGraph } from '@/lib/test-support/module-graph';
import * as browserTables from './browser-tables';
import * as tables from './tables';

// The client components a catalogue page loads before any interaction (the root and site layouts' islands, the menu
// rows, the service buttons, the search box) and the root error document.
const FIRST_LOAD_CLIENT_MODULES = [
  'components/layout/Providers.tsx',
  'components/ui/HeaderActionsClient.tsx',
  'components/layout/NavDrawer.tsx',
  'components/layout/Footer.tsx',
  'components/cart/BookingBarSummary.tsx',
  'components/catalog/ServiceList.tsx',
  'components/cart/ServiceActionsClient.tsx',
  'components/catalog/CatalogSearch.tsx',
  'app/global-error.tsx',
];

describe('the tables the browser loads with every page', () => {
  it.each(FIRST_LOAD_CLIENT_MODULES)('%s reads them from browser-tables, never the whole of tables', (entry) => {
    const { files } = moduleGraph(entry);
    expect(files).not.toContain('lib/catalog/tables.ts');
  });

  it('are the same values through tables, which re-exports them for the server', () => {
    for (const [name, value] of Object.entries(browserTables)) expect(tables[name as keyof typeof tables]).toBe(value);
  });
});
