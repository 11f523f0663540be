/** The admin: calls (list and show) and agents (only referenced, for names and the agent filter). */
import { Admin, Resource } from 'react-admin';
import { CallShow } from './call-show';
import { CallsList } from './calls-list';
import { dataProvider } from './data-provider';

export function App() {
  return (
    <Admin dataProvider={dataProvider} title="Calls" disableTelemetry>
      <Resource name="calls" list={CallsList} show={CallShow} recordRepresentation="phone" />
      <Resource name="agents" recordRepresentation="name" />
    </Admin>
  );
}
