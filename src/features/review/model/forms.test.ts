import { describe, expect, it } from 'vitest';
import { toValidationErrors } from '@contract/errors';
import { checkInput, CheckForm, dropBlank, RubricForm, SamplingRuleForm } from './forms';

describe('the review admin forms', () => {
  it('treat blank fields as not given', () => {
    expect(dropBlank({ a: '', b: ' x ', c: [], d: { e: '  ' }, f: ['', 'y'] })).toEqual({ b: ' x ', d: {}, f: [undefined, 'y'] });
  });

  it('give the contract messages under the fields typed', () => {
    const rubric = RubricForm.safeParse({
      items: [
        { label: '', weight: '0' },
        { label: 'Greets', weight: '2' },
      ],
      note: '',
    });
    expect(rubric.success).toBe(false);
    expect(toValidationErrors(rubric.error!, {}).map((e) => `${e.field}: ${e.message}`)).toEqual([
      'items[0].label: Enter the item.',
      'items[0].weight: The weight must be at least 1.',
    ]);
    const ok = RubricForm.parse({ items: [{ label: ' Greets ', weight: '2' }], note: '' });
    expect(ok).toEqual({ items: [{ label: 'Greets', weight: 2 }], note: '' });
  });

  it('read a sampling rule with blank optional fields, and refuse a blank amount', () => {
    const values = { name: 'Daily', agentId: '', campaignName: '', from: '', to: '', status: [], mode: 'perDay', amount: '3' };
    expect(SamplingRuleForm.parse(values)).toEqual({ name: 'Daily', mode: 'perDay', amount: 3 });
    const blank = SamplingRuleForm.safeParse({ ...values, amount: '' });
    expect(toValidationErrors(blank.error!, {}).map((e) => e.field)).toContain('amount');
  });

  it('send only the fields of the chosen kind of check', () => {
    const condition = { kind: 'shortDuration', classifier: 'left over', value: '', field: '', seconds: '20' };
    expect(CheckForm.parse(checkInput({ name: 'Short', agentId: '', campaignName: '', condition }))).toEqual({
      name: 'Short',
      condition: { kind: 'shortDuration', seconds: 20 },
    });
    const missing = CheckForm.safeParse(
      checkInput({ name: 'X', agentId: '', campaignName: '', condition: { ...condition, classifier: '', kind: 'classifierWithoutExtracted' } }),
    );
    expect(toValidationErrors(missing.error!, {}).map((e) => `${e.field}: ${e.message}`)).toEqual([
      'condition.classifier: Enter the classifier.',
      'condition.value: Enter the classifier value.',
      'condition.field: Enter the extracted field.',
    ]);
  });
});
