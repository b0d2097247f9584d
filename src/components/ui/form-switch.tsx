import { Switch, type SwitchProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A Mantine Switch bound to a boolean form field. Mantine controls its input's `checked`, so `register` (which sets
 * the DOM property) shows a saved `true` as off: the field's value is passed as `checked` instead.
 */
export function FormSwitch<T extends FieldValues, TContext = unknown, TTransformed extends FieldValues = T>({
  control,
  name,
  ...props
}: { control: Control<T, TContext, TTransformed>; name: FieldPath<T> } & Omit<SwitchProps, 'checked' | 'onChange' | 'name' | 'value'>) {
  const { field } = useController<T, FieldPath<T>, TTransformed>({ control, name });
  return (
    <Switch
      {...props}
      name={field.name}
      ref={field.ref}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
    />
  );
}
