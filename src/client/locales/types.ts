/** English must have exactly the keys of Chinese (the default), checked at compile time. */
export type LocaleShape<T> = { [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]> };
