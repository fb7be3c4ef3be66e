import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { CropGrowthInput, growthRangeProblems } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { fieldErrors } from '../../lib/formErrors';
import { confirmationOf, useAskUnusual } from '../../lib/unusual';
import { useContractForm } from '../../lib/useContractForm';
import { RangeInputs } from './RangeInputs';
import { type LocalGrowth, toInput } from './growthState';
import { useActiveTissues } from './useActiveTissues';

/**
 * Edit one growth (or a new one) inside the Growths dialog, checked with the contract's growth schema;
 * OK hands it back and the dialog's Save stores it.
 */
export function GrowthEditDialog(props: { growth: LocalGrowth; isNew: boolean; onClose: () => void; onDone: (g: LocalGrowth) => void }) {
  const tissues = useActiveTissues();
  const form = useContractForm(CropGrowthInput, {
    defaultValues: toInput(props.growth),
    fields: ['name', 'linkedTissueId', 'sugar', 'starch', 'method', 'displayOnReport'],
  });
  const values = form.watch();
  const linkedTissueId = values.linkedTissueId;
  // once OK was tried, the ranges' messages follow the values (the contract's schema, checked as they change)
  const live = form.formState.isSubmitted ? fieldErrors(CropGrowthInput, values) : {};
  const rangeError = (path: string) => live[path];
  const options = (tissues.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  if (props.growth.linkedTissueId !== null && !options.some((o) => o.value === String(props.growth.linkedTissueId))) {
    options.push({ value: String(props.growth.linkedTissueId), label: `${props.growth.linkedTissueName ?? 'Tissue'} (inactive)` });
  }

  const askUnusual = useAskUnusual();
  // nothing is saved here: OK asks about values outside their usual range (not those as they were), checks the values and hands the growth back
  const done = async () => {
    const plan = confirmationOf(growthRangeProblems(form.getValues()), (at) => {
      const [what, part] = at.split('.') as ['sugar' | 'starch', 'min' | 'med' | 'max'];
      return props.growth[what][part];
    });
    form.setValue('confirmed', plan.confirmed(await askUnusual(plan.ask)) as never);
    await check();
  };
  const check = () =>
    form.handleSubmit((values) => {
      props.onDone({ ...props.growth, ...values, linkedTissueName: options.find((o) => o.value === String(values.linkedTissueId))?.label ?? null });
    })();

  return (
    <FormDialog
      opened
      onClose={props.onClose}
      dirty={form.formState.isDirty}
      title={props.isNew ? 'Add growth' : 'Edit growth'}
      size="lg"
      data-testid="growth-edit-dialog"
      onSave={done}
      saveLabel="OK"
      saveTestId="growth-edit-ok"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="growth-name" />
        <Select
          label="Organ Type"
          data={options}
          value={linkedTissueId === null || linkedTissueId === undefined ? null : String(linkedTissueId)}
          onChange={(v) => form.setValue('linkedTissueId', v ? Number(v) : null, { shouldValidate: form.formState.isSubmitted })}
          error={form.errorOf('linkedTissueId')}
          clearable
          data-testid="growth-tissue"
          comboboxProps={{ withinPortal: true, zIndex: 2000 }}
        />
        {(['sugar', 'starch'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <RangeInputs
                label={name === 'sugar' ? 'Sugar' : 'Starch'}
                value={{ min: field.value?.min ?? null, med: field.value?.med ?? null, max: field.value?.max ?? null }}
                onChange={field.onChange}
                errorOf={rangeError}
                errorKey={name}
                testId={`growth-${name}`}
              />
            )}
          />
        ))}
        <TextInput label="Method" description="The lab method the ranges belong to" {...form.text('method')} />
        <Controller control={form.control} name="displayOnReport" render={({ field }) => (
          <Checkbox label="Display on report" checked={field.value ?? true} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="growth-display" />
        )} />
      </Stack>
    </FormDialog>
  );
}
