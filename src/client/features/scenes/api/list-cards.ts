import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@shared/contracts/scene';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { apiPath } from '@client/lib/resources';

/** POST /ship/cards/listAll — every card, for the scene editor's palette. */
export const cardsQueryOptions = () => queryOptions({ queryKey: keysOf('card').listAll(), queryFn: ({ signal }) => api.post<Card[]>(apiPath('card', 'listAll'), {}, { signal }) });

export const useAllCards = () => useQuery(cardsQueryOptions());
