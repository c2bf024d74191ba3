import { StatusTag } from './status-tag';
import { SEX } from '@shared/dictionaries';

/** Sex of spec §2: 1 male, 0 female, 2 unknown. */
export function SexTag({ value }: { value: string | number | null | undefined }) {
  return <StatusTag value={value} dict={SEX} />;
}
