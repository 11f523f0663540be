/** The call detail: status, phone, agent, times, summary, then the transcript (its own request). */
import { DateField, ReferenceField, Show, SimpleShowLayout, TextField, useGetOne, useRecordContext, Labeled } from 'react-admin';
import { List, ListItem, ListItemText, Typography } from '@mui/material';

interface TranscriptEntry {
  action: string;
  time: string;
  actor: string;
  message: string;
}

function Transcript() {
  const record = useRecordContext();
  const { data, isPending, error } = useGetOne<{ id: string; entries: TranscriptEntry[] }>('transcripts', { id: String(record?.id) }, { enabled: !!record });
  if (isPending) return <Typography variant="body2">Loading the transcript…</Typography>;
  if (error || !data) return <Typography variant="body2">No transcript.</Typography>;
  return (
    <List dense>
      {data.entries.map((e, i) => (
        <ListItem key={i} disableGutters>
          <ListItemText primary={e.message || e.action} secondary={`${e.time} · ${e.actor} · ${e.action}`} />
        </ListItem>
      ))}
    </List>
  );
}

export function CallShow() {
  return (
    <Show>
      <SimpleShowLayout data-bench="detail">
        <TextField source="status" />
        <TextField source="phone" />
        <ReferenceField source="agentId" reference="agents" link={false} label="Agent" />
        <DateField source="startTime" showTime />
        <TextField source="duration" label="Duration (s)" />
        <TextField source="summary" emptyText="—" />
        <Labeled label="Transcript">
          <Transcript />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
