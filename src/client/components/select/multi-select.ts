import type { ComponentType } from 'react';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';

/** Mantine's MultiSelect on its own: RemoteSelect's multiple mode loads it, so a list's single pickers do not. */
const StringMultiSelect: ComponentType<MultiSelectProps<string>> = MultiSelect;
export default StringMultiSelect;
