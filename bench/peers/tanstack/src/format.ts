/** Display formats shared by the list and the detail. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDuration = (s: number | null) => (s == null ? '—' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);

export const STATUS_STYLE: Record<string, string> = {
  COMPLETED: 'bg-green-100 text-green-800',
  TRANSFERRED: 'bg-green-100 text-green-800',
  IN_PROGRESS: 'bg-blue-100 text-blue-800',
  NO_ANSWER: 'bg-amber-100 text-amber-800',
  VOICE_BOX: 'bg-amber-100 text-amber-800',
  FAILOVER: 'bg-amber-100 text-amber-800',
};
export const statusStyle = (status: string) => STATUS_STYLE[status] ?? (status === 'CANCELED' ? 'bg-slate-100 text-slate-700' : 'bg-red-100 text-red-800');
