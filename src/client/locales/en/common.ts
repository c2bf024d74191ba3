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
  // A channel's trend chart (back-office board dialog and project wall): docs/devices.md "Trends".
  trend: {
    title: 'CH{{ch}} trend',
    ranges: { '1h': 'Last hour', '24h': 'Last 24 h', '7d': 'Last 7 days' },
    rangeLabel: 'Time range',
    grain: { minute: 'per {{minutes}} min', hour: 'per hour' },
    avg: 'Average',
    min: 'Minimum',
    max: 'Maximum',
    band: 'Min–max',
    normal: 'Normal range',
    normalRange: 'Normal range {{min}}–{{max}}{{unit}}',
    noUnit: 'no unit set',
    unit: 'Unit',
    checks: 'Checklist readings',
    checkOut: 'out of limits',
    faults: 'Fault marks',
    switchFaults: 'Switch fault {{n}}×',
    readings: 'Readings: {{n}}',
    warning: 'Warning: {{level}}',
    dealt: 'dealt with',
    open: 'open',
    levels: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    empty: 'No readings in this range',
    failed: 'The trend could not be loaded',
    loading: 'Loading the trend…',
    close: 'Close the trend',
    show: 'Show the CH{{ch}} trend',
    projected: 'Projected to leave its range {{at}}',
    chartLabel: 'CH{{ch}}, {{range}}: average, minimum and maximum {{grain}}, unit {{unit}}',
  },
  notBuilt: 'This screen is not built yet',
  notBuiltHint: 'The menu exists, but the screen "{{name}}" is still being built.',
};
export default common;
