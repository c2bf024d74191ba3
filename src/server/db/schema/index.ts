export * from './identity';
export * from './operations';
