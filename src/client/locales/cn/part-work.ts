import account from './account';
import kit from './kit';
import app from './app';
import work from './work';
import stock from './stock';

/** The back-office's texts: its shell and kit, and the operations' screens. */
export default { account, kit, app, work, stock };
