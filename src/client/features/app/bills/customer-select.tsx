import type { AppUserRow } from '@shared/contracts/app';
import { RemoteSelect } from '@client/components/select/remote-select';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';

/** Customers for the pickers, searched by name on the server. */
const loadCustomers = async (search: string) =>
  (await api.post<AppUserRow[]>(`${RESOURCES.customer.api}/listAll`, { name: search })).map((c) => ({ value: String(c.id), label: c.name }));

/** A customer picker (the bills' query field and form). */
export function CustomerSelect(props: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string }) {
  return <RemoteSelect label={props.label} value={props.value} onChange={props.onChange} error={props.error} loader={loadCustomers} queryKey={keysOf('customer').options()} />;
}
