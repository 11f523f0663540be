/**
 * A small dataProvider over the Voice API (through the peer's server, which adds the API key):
 * the paging envelope {content, totalElements}, 1-based `page` and `size`, `sort=<field>,ASC|DESC`,
 * filters agentId / phone / campaignName. The API cannot fetch agents by ids, so getMany reads the
 * agents' first page (there are a handful) and picks the ones asked for. Read-only: writes throw.
 */
import { HttpError, type DataProvider } from 'react-admin';

interface Page<T> {
  content: T[];
  totalElements: number;
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new HttpError(body?.message ?? res.statusText, res.status, body);
  return body as T;
}

const FILTERS = ['agentId', 'phone', 'campaignName'];

const readOnly = () => Promise.reject(new Error('This peer is read-only.'));

export const dataProvider: DataProvider = {
  async getList(resource, { pagination, sort, filter }) {
    const query = new URLSearchParams();
    query.set('page', String(pagination?.page ?? 1));
    query.set('size', String(pagination?.perPage ?? 20));
    if (sort?.field) query.set('sort', `${sort.field},${sort.order === 'ASC' ? 'ASC' : 'DESC'}`);
    for (const key of FILTERS) if (filter?.[key]) query.set(key, String(filter[key]));
    const page = await get<Page<{ id: string }>>(`/v1/${resource}?${query}`);
    return { data: page.content, total: page.totalElements } as any;
  },
  async getOne(resource, { id }) {
    if (resource === 'transcripts') {
      const entries = await get<unknown[]>(`/v1/calls/${id}/transcript`);
      return { data: { id, entries } } as any;
    }
    return { data: await get(`/v1/${resource}/${id}`) } as any;
  },
  async getMany(resource, { ids }) {
    const page = await get<Page<{ id: string }>>(`/v1/${resource}?page=1&size=100`);
    const wanted = new Set(ids.map(String));
    return { data: page.content.filter((r) => wanted.has(r.id)) } as any;
  },
  getManyReference: readOnly,
  create: readOnly,
  update: readOnly,
  updateMany: readOnly,
  delete: readOnly,
  deleteMany: readOnly,
};
