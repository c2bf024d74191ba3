import type { LocaleShape } from '../types';
import type cn from '../cn/common';

const common: LocaleShape<typeof cn> = {
  appName: 'Cascade Water-Feature Operations',
  language: 'Language',
  languages: { cn: '中文', en: 'English' },
  actions: {
    query: 'Search', clear: 'Reset', add: 'Add', edit: 'Edit', delete: 'Delete', save: 'Save', cancel: 'Cancel', confirm: 'OK',
    export: 'Export', import: 'Import', upload: 'Upload', download: 'Download', refresh: 'Refresh', back: 'Back', close: 'Close',
    view: 'View', more: 'More', expand: 'Expand', collapse: 'Collapse', logout: 'Log out', retry: 'Retry',
  },
  states: { loading: 'Loading...', empty: 'No data', error: 'Failed to load' },
  truncated: 'Only the first {{shown}} of {{total}} rows were loaded: narrow the search to see the rest.',
  notBuilt: 'This screen is not built yet',
  notBuiltHint: 'The menu exists, but the screen "{{name}}" is still being built.',
};
export default common;
