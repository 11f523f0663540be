/** The wizard's values as the upstream's CampaignCreate body, parsed by the contract's own schema. */
import type { Recipient } from '@contract/schemas/recipient';
import { CampaignCreate } from '@contract/schemas/campaign';
import type { BasicsValues, RetryValues, ScheduleValues } from './step-schemas';

export interface WizardValues {
  basics: BasicsValues;
  schedule: ScheduleValues;
  retry: RetryValues;
}

/** A part's own zone, batch share and start date ("own local hours"), over the wizard's. */
export interface PartSchedule {
  timezone: string;
  batchSize: number;
  startDate: string;
}

export function toCreateBody(values: WizardValues, recipients: Recipient[], name = values.basics.name, part?: PartSchedule): CampaignCreate {
  const { retry } = values;
  const body: CampaignCreate = {
    name: name.trim(),
    agentId: values.basics.agentId,
    timezone: part?.timezone ?? values.basics.timezone,
    startDate: part?.startDate ?? values.schedule.startDate,
    days: [...values.schedule.days],
    timeSlots: values.schedule.timeSlots.map((s) => ({
      startTime: s.startTime,
      endTime: s.endTime,
    })),
    batchSize: part?.batchSize ?? values.schedule.batchSize,
    recipients,
    // "Off" sends no policy: the upstream's default is no retry (max 0).
    ...(retry.enabled
      ? {
          retry: {
            max: retry.max,
            delay: retry.delay,
            retryOn: [...retry.retryOn],
          },
        }
      : {}),
  };
  return CampaignCreate.parse(body) as CampaignCreate;
}
