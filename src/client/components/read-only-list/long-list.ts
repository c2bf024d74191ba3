/** How a list that can be long (operation log, login history) scrolls: rows in view only, 100 a batch. */
export const LONG_LIST = { height: 'calc(100vh - 340px)', pageSize: 100 } as const;
