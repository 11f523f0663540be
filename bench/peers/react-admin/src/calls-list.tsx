/**
 * The calls list: Switchboard's eight columns in a DataTable, 100 rows a page, sort on the columns
 * the API sorts, filters agent / phone / campaign. Rows carry data-call-id and the start time links
 * to the call, as the bench expects; the next-page button carries data-bench="next".
 */
import { type ComponentProps } from 'react';
import {
  BooleanField,
  DataTable,
  DataTableBody,
  DataTableRow,
  DateField,
  FunctionField,
  List,
  Pagination,
  PaginationActions,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextArrayField,
  TextField,
  TextInput,
  useCreatePath,
  useRecordContext,
} from 'react-admin';
import { PaginationItem } from '@mui/material';
import { Link } from 'react-router-dom';

export interface Call {
  id: string;
  agentId: string;
  phone: string;
  type: 'INBOUND' | 'OUTBOUND';
  status: string;
  duration: number | null;
  startTime: string;
  recorded: boolean;
  tags: string[];
  summary?: string;
}

const filters = [
  <ReferenceInput key="agentId" source="agentId" reference="agents" perPage={100} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput optionText="name" label="Agent" />
  </ReferenceInput>,
  <TextInput key="phone" source="phone" label="Phone (E.164)" alwaysOn />,
  <TextInput key="campaignName" source="campaignName" label="Campaign" />,
];

const formatDuration = (s: number | null) => (s == null ? '—' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);

function CallRow(props: ComponentProps<typeof DataTableRow>) {
  const record = useRecordContext<Call>();
  return <DataTableRow {...props} data-call-id={record?.id} />;
}

function CallsBody(props: ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={CallRow} />;
}

function StartLink() {
  const record = useRecordContext<Call>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link to={createPath({ resource: 'calls', type: 'show', id: record.id })} onClick={(e) => e.stopPropagation()}>
      <DateField source="startTime" showTime />
    </Link>
  );
}

function CallsPaginationActions(props: ComponentProps<typeof PaginationActions>) {
  return <PaginationActions {...props} renderItem={(item) => <PaginationItem {...item} data-bench={item.type === 'next' ? 'next' : undefined} />} />;
}

// Narrow screens get MUI's plain prev/next arrows instead of the page numbers: mark that next button too.
const narrowNext = { actions: { nextButton: { 'data-bench': 'next' } as object } };

const CallsPagination = () => <Pagination rowsPerPageOptions={[25, 50, 100]} actions={CallsPaginationActions} slotProps={narrowNext} />;

export function CallsList() {
  return (
    <List filters={filters} perPage={100} sort={{ field: 'startTime', order: 'DESC' }} pagination={<CallsPagination />} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false} body={CallsBody}>
        <DataTable.Col source="startTime" label="Start">
          <StartLink />
        </DataTable.Col>
        <DataTable.Col source="phone" />
        <DataTable.Col source="agentId" label="Agent" disableSort>
          <ReferenceField source="agentId" reference="agents" link={false} />
        </DataTable.Col>
        <DataTable.Col source="type" />
        <DataTable.Col source="status">
          <TextField source="status" />
        </DataTable.Col>
        <DataTable.Col source="duration">
          <FunctionField<Call> render={(r) => formatDuration(r.duration)} />
        </DataTable.Col>
        <DataTable.Col source="recorded" disableSort>
          <BooleanField source="recorded" />
        </DataTable.Col>
        <DataTable.Col source="tags" disableSort>
          <TextArrayField source="tags" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
