import { api } from '@client/lib/api';
import { apiPath } from '@client/lib/resources';
import { keysOf } from '@client/lib/resource-keys';
import { localName } from '@shared/local-name';
import type { RosterRow, RosterUser } from '@shared/contracts/oncall';
import type { SelectOption } from '@client/components/select/remote-select';

/** The system users a roster may name, labelled "Real name (login)" in the reader's language. */
/** The e-mail of each user the person picker has offered: a person whose user has none needs one of their own (or a webhook). */
const offeredEmails = new Map<number, string>();
export const emailOfOffered = (userId: number): string => offeredEmails.get(userId) ?? '';

export const fetchRosterUsers = async (keyword: string, language: string): Promise<SelectOption[]> => {
  const rows = await api.post<RosterUser[]>(apiPath('oncallRoster', 'users'), keyword ? { keyword } : {});
  for (const u of rows) offeredEmails.set(u.id, u.email);
  return rows.map((u) => {
    const name = localName(u.realName, u.realNameEn, language);
    return { value: String(u.id), label: name ? `${name} (${u.username})` : u.username };
  });
};
export const rosterUsersKey = (language: string) => keysOf('oncallRoster').options('users', language);

/** A project's rosters, for a policy step's picker. */
export const fetchRosterOptions = async (projectId: number | null): Promise<SelectOption[]> => {
  const rows = await api.post<RosterRow[]>(apiPath('oncallRoster', 'listAll'), projectId ? { projectId } : {});
  return rows.map((r) => ({ value: String(r.id), label: `${r.tier} · ${r.name}` }));
};
