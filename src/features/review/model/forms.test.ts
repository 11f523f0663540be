import { describe, expect, it } from 'vitest';
import { toValidationErrors } from '@contract/errors';
import { CommentBody } from '@contract/bff/review';
import { checkInput, CheckForm, dropBlank, phrasesError, RubricForm, SamplingRuleForm } from './forms';
import { commentErrorPath, commentInput, type CommentFormValues } from './review-form';

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
    const condition = { kind: 'shortDuration', classifier: 'left over', value: '', field: '', seconds: '20', phrases: 'left over', speaker: 'AGENT' };
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

  it('send a script check its phrases one a line, blank lines left out, and name a bad line', () => {
    const condition = {
      kind: 'phraseWithin',
      classifier: '',
      value: '',
      field: '',
      seconds: '30',
      phrases: ' This call is recorded \n\nCet appel est enregistré',
      speaker: 'ANYONE',
    };
    expect(CheckForm.parse(checkInput({ name: 'Disclosure', agentId: '', campaignName: '', condition }))).toEqual({
      name: 'Disclosure',
      condition: { kind: 'phraseWithin', phrases: ['This call is recorded', 'Cet appel est enregistré'], seconds: 30 },
    });
    const category = CheckForm.parse(checkInput({ name: 'Prices', agentId: '', campaignName: '', condition: { ...condition, kind: 'category' } }));
    expect(category.condition).toEqual({ kind: 'category', phrases: ['This call is recorded', 'Cet appel est enregistré'], speaker: 'ANYONE' });
    const none = CheckForm.safeParse(checkInput({ name: 'X', agentId: '', campaignName: '', condition: { ...condition, phrases: '\n ' } }));
    expect(toValidationErrors(none.error!, {}).map((e) => `${e.field}: ${e.message}`)).toEqual(['condition.phrases: Enter at least one phrase.']);
    expect(phrasesError({ 1: { message: 'A phrase needs at least one letter or digit.' } })).toBe('Line 2: A phrase needs at least one letter or digit.');
    expect(phrasesError({ message: 'Enter at least one phrase.' })).toBe('Enter at least one phrase.');
  });

  it('pin a comment to its line, or to the moment typed (blank: the player position), checked by the contract', () => {
    const form: CommentFormValues = { text: 'Too fast', anchor: 'line', line: '3', moment: '' };
    expect(commentInput(form, 42.37)).toEqual({ text: 'Too fast', line: 3 });
    expect(commentInput({ ...form, anchor: 'moment' }, 42.37)).toEqual({ text: 'Too fast', atSeconds: 42.4 });
    expect(commentInput({ ...form, anchor: 'moment', moment: ' 7.25 ' }, 42)).toEqual({ text: 'Too fast', atSeconds: 7.3 });
    const errorsOf = (v: CommentFormValues) => {
      const r = CommentBody.safeParse(commentInput(v, 10));
      return r.success ? {} : Object.fromEntries(toValidationErrors(r.error, v).map((e) => [commentErrorPath(e.field), e.message]));
    };
    expect(errorsOf({ ...form, text: '  ' })).toEqual({ text: 'Enter the comment.' });
    expect(errorsOf({ ...form, anchor: 'moment', moment: '-2' })).toEqual({ moment: 'The moment is 0 s or later.' });
    expect(errorsOf({ ...form, anchor: 'moment', moment: 'soon' })).toEqual({ moment: 'The moment is a number of seconds.' });
    expect(errorsOf({ ...form, line: '' })).toMatchObject({ line: expect.stringContaining('transcript line') });
  });
});
