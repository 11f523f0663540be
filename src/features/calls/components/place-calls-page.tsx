/** /calls/new: one call or many, for operators and admins. */
import { useState } from 'react';
import { guessDefaultCountry, type CountryCode } from '@/lib/recipients/phone';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Tab, TabPanel, Tabs, TabsList } from '@/components/ui/tabs';
import { PlaceBulkCalls } from './place-bulk-calls';
import { PlaceOneCall } from './place-one-call';
import { PageTitle } from '@/components/layout/page-title';

const COUNTRIES: CountryCode[] = ['FR', 'US', 'GB', 'DE', 'ES', 'IT', 'BE', 'CH', 'CA', 'NL'];

export function PlaceCallsPage() {
  const [country, setCountry] = useState<CountryCode>(() => guessDefaultCountry());
  const options = (COUNTRIES.includes(country) ? COUNTRIES : [country, ...COUNTRIES]).map((c) => ({ value: c, label: c }));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title="Place calls" />
        <h1 className="text-xl font-semibold">Place calls</h1>
        <Field label="Default country" description="For numbers typed without a country code." className="w-56">
          <Select value={country} onValueChange={setCountry} options={options} />
        </Field>
      </div>
      <Tabs defaultValue="one">
        <TabsList>
          <Tab value="one">One call</Tab>
          <Tab value="bulk">Many calls</Tab>
        </TabsList>
        <TabPanel value="one" className="pt-4">
          <PlaceOneCall country={country} />
        </TabPanel>
        <TabPanel value="bulk" className="pt-4">
          <PlaceBulkCalls country={country} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
