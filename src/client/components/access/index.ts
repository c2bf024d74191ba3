export { Can, HasMenu } from './can';
