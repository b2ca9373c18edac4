import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';
import { fieldsFor } from './fields-for';

interface Values {
  name: string;
  nickname: string;
  phone: string;
  country: string;
  consent: boolean;
  kind: string;
  visit: string;
  birth: string;
}

const { TextField, SelectField, CheckboxField, RadioField, DateField } = fieldsFor<Values>();

function Form({ children }: { children: ReactNode }) {
  const form = useForm<Values>({
    defaultValues: { name: '', nickname: '', phone: '', country: '', consent: false, kind: '', visit: '', birth: '' },
  });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderFields() {
  return renderApp([
    {
      path: '/cgm',
      element: (
        <Form>
          <TextField name="name" label="Name" required />
          <TextField name="nickname" label="Nickname" />
          <TextField name="phone" label="Phone" required description="10 digits" />
          <SelectField name="country" label="Country" required options={[{ value: 'US', label: 'United States' }]} />
          <CheckboxField name="consent" label="I agree" required />
          <RadioField name="kind" label="Kind" required options={[{ value: 'a', label: 'A' }]} />
          <DateField name="visit" label="Visit" />
          <DateField name="birth" label="Birth" min="1492-12-31" max="2001-02-03" />
        </Form>
      ),
    },
  ]);
}

describe('required fields (spec §5 TEXT_FIELD_REQUIRED)', () => {
  it('tell a screen reader that they are required, and optional ones do not', async () => {
    renderFields();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('textbox', { name: 'Nickname' })).not.toHaveAccessibleDescription();
  });

  it('keep a field’s own description before the hint', async () => {
    renderFields();
    expect(await screen.findByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      '10 digits This field is required',
    );
  });

  it('show the hint only while the field is hovered or focused (the hint carries the class global.css reveals)', async () => {
    renderFields();
    const hint = (await screen.findByRole('textbox', { name: 'Name' })).closest('.mantine-InputWrapper-root');
    expect(hint?.querySelector('.required-hint')).toHaveTextContent('This field is required');
  });
});

describe('date fields (spec §5 dates)', () => {
  it('take the default range, 1 Jan 1900 to the end of next year, where nothing bounds them', async () => {
    const { container } = renderFields();
    await screen.findByRole('textbox', { name: 'Name' });
    const visit = container.querySelector<HTMLInputElement>('input[name="visit"]');
    expect(visit?.min).toBe('1900-01-01');
    expect(visit?.max).toBe(`${String(new Date().getFullYear() + 1)}-12-31`);
  });

  it('keep the bounds a rule gives them', async () => {
    const { container } = renderFields();
    await screen.findByRole('textbox', { name: 'Name' });
    const birth = container.querySelector<HTMLInputElement>('input[name="birth"]');
    expect(birth?.min).toBe('1492-12-31');
    expect(birth?.max).toBe('2001-02-03');
  });
});
