export * from './identity';
export * from './operations';
export * from './tickets';
export * from './assignment';
export * from './stock';
