import account from './account';
import kit from './kit';
import app from './app';
import work from './work';
import plans from './plans';
import assign from './assign';
import stock from './stock';

/** The back-office's texts: its shell and kit, and the operations' screens. */
export default { account, kit, app, work, plans, assign, stock };
